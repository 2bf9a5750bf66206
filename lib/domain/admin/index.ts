// The back office's sign-in: one account from the environment, sessions that
// are random tokens stored only as hashes and end after 8 hours or at logout.
export { ADMIN_SESSION_SECONDS, type AdminSession, limitAdminSignIn, adminLogin, getAdminSession, revokeAdminSession, deleteEndedAdminSessions } from './auth';
