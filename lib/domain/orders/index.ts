// Orders: every checkout's order, from opening to paid, lapsed or failed, for
// products and memberships alike, and the payment events that move it.
// Fulfilment happens once per order whoever asks first; an unpaid order
// always lapses and gives its voucher back. A refunded item's access ends;
// the rest of its order stays. Refunds and disputes are their own module
// (lib/domain/refunds); the payment events of both arrive here.
export { listAdminOrders, orderWhere, type AdminOrder, type OrderFilter, resendOrderEmail } from './admin-orders';
export { listProductBuyers } from './buyers';
export { type CustomerOrder, listCustomerOrders } from './customer-orders';
export { listOrderDownloads, downloadLogCsv } from './download-log';
export { type OrderFile, filesForProducts, orderTierPositions, allVersions } from './files';
export { ORDER_EMAIL_JOB, fulfilOrder } from './fulfilment';
export { newOrderId } from './ids';
export { ORDER_LAPSE_JOB, scheduleOrderLapse, lapseOrder } from './lapse';
export { startSubscription } from './membership-checkout';
export { membershipPayments, type MembershipPayment } from './membership-payments';
export { ownedProductIds } from './owned';
export { type PaymentEvent, handlePaymentEvent } from './payment-events';
export { type CheckoutStatus, getCheckoutStatus, PROVIDER_CHECK_INTERVAL_SECONDS } from './status';
export { type SubscriptionCheckoutStatus, getSubscriptionCheckoutStatus } from './subscription-status';
export { getTestCheckout, completeTestPayment, cancelTestPayment, testPaymentReturnUrl } from './test-payments';
