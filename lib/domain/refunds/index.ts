// Refunds and disputes: money going back to a buyer, whichever side starts it. A refund is
// pending until Stripe has made it and settles once, on exactly the items chosen: access to
// those items ends, the rest of the order stays, and an adjustment note records it. A dispute
// suspends what it covers until it closes. Orders route the payment events here.
export { recordDispute, recordDisputeClosed, type DisputeObject } from './disputes';
export { recordChargeRefunded, recordRefundEvent, type ChargeObject, type RefundObject } from './events';
export { moneyReturnedAt, refundsWithNotes } from './notes';
export { REFUND_EMAIL_JOB } from './records';
export { REFUND_SETTLE_JOB } from './settlement';
export { apportionCents, itemShares } from './shares';
export { refundOrder, settlePendingRefund, type RefundResult } from './refunds';
