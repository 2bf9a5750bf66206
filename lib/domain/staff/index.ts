// The back office's people (Decision 084): the owner from the environment and
// invited staff with roles, their sessions (8 hours; ended at once by a role
// change or removal) and their second factor (TOTP, recovery codes, trusted
// browsers). What a role may do is lib/staff-permissions.ts.
export * from './members';
export * from './sessions';
export * from './sign-in';
export * from './two-factor';
export { RECOVERY_CODE_COUNT, countUnusedRecoveryCodes } from './recovery-codes';
export { issueTrustedBrowser, TRUSTED_BROWSER_SECONDS } from './trusted-browsers';
export { sendStaffInvitation } from './invite-email';
export { refuseInviteGuesser } from './limits';
export * from '@/lib/staff-permissions';
