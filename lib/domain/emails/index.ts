// Emails about orders: the confirmation sent once per paid order, one per refund, and resends
// from the back office, each logged. Links point at the shop's pages, never at
// a raw storage URL.
export { sendOrderConfirmationOnce, sendOrderEmail, type EmailActor } from './order-email';
export { sendDisputeOutcomeEmailOnce, sendRefundEmailOnce } from './refund-email';
