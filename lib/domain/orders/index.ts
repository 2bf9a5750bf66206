// Orders: every checkout's order, from opening to paid, lapsed or failed, for
// products and memberships alike, and the payment events that move it.
// Fulfilment happens once per order whoever asks first; an unpaid order
// always lapses and gives its voucher back. A refunded item's access ends;
// the rest of its order stays. A refund is pending until Stripe has made it,
// and settles once, on exactly the items chosen.
export * from './admin-orders';
export * from './buyers';
export * from './customer-orders';
export * from './download-log';
export * from './files';
export * from './fulfilment';
export * from './ids';
export * from './lapse';
export * from './membership-checkout';
export { membershipPayments, type MembershipPayment } from './membership-payments';
export * from './owned';
export * from './payment-events';
export { moneyReturnedAt, refundsWithNotes } from './refund-notes';
export { REFUND_EMAIL_JOB } from './refund-records';
export { REFUND_SETTLE_JOB } from './refund-settlement';
export * from './refund-shares';
export * from './refunds';
export * from './status';
export * from './subscription-status';
export * from './test-payments';
