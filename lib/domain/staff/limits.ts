import 'server-only';
import { enforceRateLimit, RATE_LIMITS, refuseOverRateLimit } from '@/lib/domain/rate-limit';

/**
 * A signed-in member's password or code checks (changing the password, turning
 * two-factor sign-in on or off): a stolen session cannot guess its way to them.
 */
export const limitStaffCheck = (staffId: string) => enforceRateLimit(RATE_LIMITS.staffCheck, staffId);

/** Second-factor codes at sign-in, per member over every challenge. */
export const limitSecondFactor = (staffId: string) => enforceRateLimit(RATE_LIMITS.adminSecondFactor, staffId);

/**
 * Set-password links, per client: a client past its allowance of links that
 * did not work is refused before anything is read; only links that did not
 * work count, so a team accepting invitations from one office never does.
 */
export const refuseInviteGuesser = (ip: string) => refuseOverRateLimit(RATE_LIMITS.staffInvite, ip);
export const countInviteMiss = (ip: string) => enforceRateLimit(RATE_LIMITS.staffInvite, ip);
