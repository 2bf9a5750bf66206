// Who did what, when: every back-office change leaves a row in the transaction
// of the change (SECURITY: admin actions are recorded), its actor the staff
// member's username, which is unique and never given to anyone else
// (Decision 084). The Audit tab reads it, filtered and exported as CSV.
export { recordAudit } from './record';
export { type AuditFilter, type AuditEntry, listAudit, listAuditActions, auditCsv } from './read';
