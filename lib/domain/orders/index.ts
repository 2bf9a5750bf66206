// Orders: every checkout's order, from opening to paid, lapsed or failed, for
// products and memberships alike, and the payment events that move it.
// Fulfilment happens once per order whoever asks first; an unpaid order
// always lapses and gives its voucher back.
export * from './admin-orders';
export * from './buyers';
export * from './customer-orders';
export * from './files';
export * from './fulfilment';
export * from './ids';
export * from './lapse';
export * from './membership-checkout';
export * from './owned';
export * from './payment-events';
export * from './status';
export * from './subscription-status';
export * from './test-payments';
