// CSV exports of the Orders, Customers and All Products tabs (Decision 092):
// each streams the tab's own filter through the one CSV writer (Decision 085).
export { customersCsv, CUSTOMERS_CSV_HEADER } from './customers';
export { ordersCsv, orderLineBatches, ORDERS_CSV_HEADER } from './orders';
export { productsCsv, tierKeys } from './products';
export { lineMoney, lineStatus, type LineItem, type LineMoney, type LineRefund } from './order-lines';
export * from './product-columns';
