// Which rate limits a sign-in (or reset request) spends, in which order
// (Decisions 042, 076). A device that signed in to the account before spends
// only an allowance of its own; every other attempt spends its address's, its
// address's with the account, and the account's over all clients, the last
// being what slows guessing spread over many addresses. Strangers can use up
// those shared allowances, never a known device's, so they cannot lock the
// owner out of a browser the owner has signed in from.
import 'server-only';
import type { KnownDevice } from './known-devices';
import { isDeviceOf } from './known-devices';
import { clearRateLimit, enforceRateLimit, RATE_LIMITS, type RateLimitRule } from './rate-limit';

export type SignInRules = { client: RateLimitRule; device: RateLimitRule; pair?: RateLimitRule; account: RateLimitRule };

/** Who is trying: the connection's address and the known device it presents, if any. */
export type SignInAttempt = { ip: string; device: KnownDevice | null };

export const CUSTOMER_SIGN_IN: SignInRules = {
  client: RATE_LIMITS.login,
  device: RATE_LIMITS.loginDevice,
  pair: RATE_LIMITS.loginPair,
  account: RATE_LIMITS.loginAccount,
};

export const RESET_REQUEST: SignInRules = {
  client: RATE_LIMITS.forgotPassword,
  device: RATE_LIMITS.forgotPasswordDevice,
  pair: RATE_LIMITS.forgotPasswordPair,
  account: RATE_LIMITS.forgotPasswordAccount,
};

/** The back office's one account: its limit counts every client together, whatever username an attempt names. */
export const ADMIN_SIGN_IN: SignInRules = { client: RATE_LIMITS.adminLogin, device: RATE_LIMITS.adminLoginDevice, account: RATE_LIMITS.adminLoginGlobal };

/** Before the body is read: a known device spends its own allowance, any other client its address's. */
export async function limitSignInClient(rules: SignInRules, attempt: SignInAttempt): Promise<void> {
  if (attempt.device) await enforceRateLimit(rules.device, attempt.device.id);
  else await enforceRateLimit(rules.client, attempt.ip);
}

/**
 * Once the account is known, before any hashing. A device known to that
 * account has spent all it needs to; any other attempt also spends its
 * address's allowance (when a device of another account spent its own
 * instead), the pair's and the account's. `accountKey` names the account's
 * counter when that is not the account itself.
 */
export async function limitSignInAccount(rules: SignInRules, attempt: SignInAttempt, account: string, accountKey = account): Promise<void> {
  if (isDeviceOf(attempt.device, account)) return;
  if (attempt.device) await enforceRateLimit(rules.client, attempt.ip);
  if (rules.pair) await enforceRateLimit(rules.pair, `${attempt.ip}:${account}`);
  await enforceRateLimit(rules.account, accountKey);
}

/**
 * After a success: the device's own failures, or this client's for the
 * account, are forgotten; the address's own count only where it covers one
 * account (the back office). Never an address's count over many accounts
 * (one valid account would reset guessing at others), nor the account's.
 */
export async function forgetSignInFailures(rules: SignInRules, attempt: SignInAttempt, account: string): Promise<void> {
  if (attempt.device && isDeviceOf(attempt.device, account)) await clearRateLimit(rules.device, attempt.device.id);
  else if (rules.pair) await clearRateLimit(rules.pair, `${attempt.ip}:${account}`);
  else await clearRateLimit(rules.client, attempt.ip);
}
