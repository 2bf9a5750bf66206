// The back office's people (Decision 084): the owner from the environment and
// invited staff with roles, their sessions (8 hours; ended at once by a role
// change or removal) and their second factor (TOTP, recovery codes, trusted
// browsers). What a role may do is lib/staff-permissions.ts.
export {
  STAFF_INVITE_JOB,
  type StaffRecord,
  listStaff,
  listStaffUsernames,
  inviteStaff,
  resendInvitation,
  findInvitation,
  acceptInvitation,
  changeStaffRole,
  removeStaff,
  changeOwnPassword,
} from './members';
export {
  ADMIN_SESSION_SECONDS,
  type StaffActor,
  type IssuedSession,
  type SessionClient,
  type StaffSessionRecord,
  getAdminSession,
  twoFactorRequiredFor,
  revokeAdminSession,
  listStaffSessions,
  endStaffSession,
  deleteEndedAdminSessions,
} from './sessions';
export { limitAdminSignIn, signInWithPassword, signInWithSecondFactor, CHALLENGE_ENDED, WRONG_CODE } from './sign-in';
export { startTwoFactorEnrolment, confirmTwoFactorEnrolment, regenerateRecoveryCodes, disableTwoFactor } from './two-factor';
export { issueTrustedBrowser, TRUSTED_BROWSER_SECONDS } from './trusted-browsers';
export { sendStaffInvitation } from './invite-email';
export { refuseInviteGuesser } from './limits';
export { can, ROLE_PERMISSIONS, ENROL_FIRST, FORBIDDEN_FOR_ROLE, type Permission } from '@/lib/staff-permissions';
