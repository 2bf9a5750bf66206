import 'server-only';
import { enforceRateLimit, RATE_LIMITS } from '@/lib/domain/rate-limit';

/**
 * A signed-in member's password or code checks (changing the password, turning
 * two-factor sign-in on or off): a stolen session cannot guess its way to them.
 */
export const limitStaffCheck = (staffId: string) => enforceRateLimit(RATE_LIMITS.staffCheck, staffId);

/** Second-factor codes at sign-in, per member over every challenge. */
export const limitSecondFactor = (staffId: string) => enforceRateLimit(RATE_LIMITS.adminSecondFactor, staffId);

/** Set-password links, per client, before the link is looked up. */
export const limitInviteAcceptance = (ip: string) => enforceRateLimit(RATE_LIMITS.staffInvite, ip);
