// Customers and members in the back office: the paged list, one customer's
// whole record, and the actions on them. Every action is audited, and each is
// one transaction with its audit row (the membership refund follows the shop's
// own refund path, which records the refund as pending before Stripe is asked).
export { customerBatches, listCustomers, type CustomerFilter, type CustomerRow } from './list';
export { DETAIL_ROWS, getCustomerOrThrow, type CustomerDetail, type CustomerOrderSummary } from './detail';
export {
  addMonths,
  cancelCustomerMembership,
  grantComplimentaryMembership,
  MAX_COMPLIMENTARY_MONTHS,
  refundMembershipPayment,
  type MembershipRefundRequest,
} from './membership-actions';
export { blockCustomer, resendVerification, unblockCustomer } from './access';
export { ANONYMISED_NAME, anonymiseCustomer, anonymisedEmail, BUYER_IDENTITY_THRESHOLD_CENTS } from './anonymise';
