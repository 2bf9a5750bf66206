// The business that sells: its details (name, ABN, address, GST registration)
// as they are and as they were at any date, and the numbers of the documents
// it issues, taken with the payment or refund they record, without gaps
// (Decisions 065, 066, 075). Below orders and invoices, which both use it.
export { normalizeAbn, isValidAbn, formatAbn } from './abn';
export { type BusinessDetails, parseBusinessDetails, getBusinessDetails, businessDetailsAt, saveBusinessDetails } from './details';
export { issueInvoiceIn, issueAdjustmentNoteIn, issueInvoiceOnce, issueAdjustmentNoteOnce } from './document-numbers';
