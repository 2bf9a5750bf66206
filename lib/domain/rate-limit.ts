// Fixed-window rate limits kept in Postgres, so every server instance counts
// together. Checked before any hashing or lookup the request would trigger.
import 'server-only';
import { AppError } from '@/lib/domain/errors';
import { db } from '@/lib/infra/db';

export type RateLimitRule = { name: string; limit: number; windowSeconds: number };

export const RATE_LIMITS = {
  validateDiscount: { name: 'discount', limit: 20, windowSeconds: 60 },
  checkout: { name: 'checkout', limit: 30, windowSeconds: 60 },
  download: { name: 'download', limit: 60, windowSeconds: 60 },
  // Success-page polling (checkout and membership): a page polls every 2 s, 30 a
  // minute; 120 leaves room for a few shoppers behind one address (an office, a
  // carrier's NAT) while a flood is refused after two seconds' worth.
  statusPoll: { name: 'status-poll', limit: 120, windowSeconds: 60 },
  login: { name: 'login', limit: 10, windowSeconds: 300 },
  // Licence verification (page and API together): enough for a person or a print
  // platform checking a few buyers, far too few to guess 80-bit ids (Decision 082).
  licenceVerify: { name: 'licence-verify', limit: 30, windowSeconds: 60 },
  // Sign-in and reset abuse (issue #13): per (client, account) and per account
  // besides per client. The per-account limits are high and short, so a stranger
  // failing on purpose from a few addresses cannot lock the owner out.
  loginPair: { name: 'login-pair', limit: 5, windowSeconds: 300 },
  loginAccount: { name: 'login-account', limit: 50, windowSeconds: 300 },
  forgotPasswordPair: { name: 'forgot-pair', limit: 3, windowSeconds: 3600 },
  forgotPasswordAccount: { name: 'forgot-account', limit: 10, windowSeconds: 900 },
  resetPassword: { name: 'reset', limit: 10, windowSeconds: 900 },
  // Every client together, so admin guesses spread over many addresses stay capped.
  adminLoginGlobal: { name: 'admin-login-all', limit: 100, windowSeconds: 900 },
  register: { name: 'register', limit: 20, windowSeconds: 3600 },
  forgotPassword: { name: 'forgot', limit: 5, windowSeconds: 3600 },
  adminLogin: { name: 'admin-login', limit: 10, windowSeconds: 900 },
  // A device that signed in to the account before (Decision 076) spends an allowance of
  // its own instead of its address's and the account's, so strangers cannot use those up for it.
  loginDevice: { name: 'login-device', limit: 10, windowSeconds: 300 },
  forgotPasswordDevice: { name: 'forgot-device', limit: 5, windowSeconds: 3600 },
  adminLoginDevice: { name: 'admin-login-device', limit: 10, windowSeconds: 900 },
  // Staff (Decision 084): second-factor codes per member over all their sign-ins (each
  // sign-in also stops at 5), and password or code checks by a signed-in member.
  adminSecondFactor: { name: 'admin-2fa', limit: 10, windowSeconds: 900 },
  staffCheck: { name: 'staff-check', limit: 10, windowSeconds: 900 },
  // Set-password links from staff invitations, per client, before the link is looked up.
  staffInvite: { name: 'staff-invite', limit: 10, windowSeconds: 900 },
  // Review posts and edits, per customer: each one refreshes a product page (Decision 086).
  reviewWrite: { name: 'review-write', limit: 10, windowSeconds: 3600 },
  // Free downloads (Decision 095): each request sends an email to an address a
  // stranger types, so per client and per address; the link's use is per client.
  freeDownload: { name: 'free-download', limit: 20, windowSeconds: 3600 },
  freeDownloadEmail: { name: 'free-download-email', limit: 3, windowSeconds: 3600 },
  freeDownloadConfirm: { name: 'free-download-confirm', limit: 20, windowSeconds: 900 },
  // Stripe signs every event: only requests whose signature is missing or wrong count.
  unsignedWebhook: { name: 'webhook-unsigned', limit: 20, windowSeconds: 600 },
} satisfies Record<string, RateLimitRule>;

/** Counts one hit for `subject` (usually the client IP); throws rate_limited past the limit. */
export async function enforceRateLimit(rule: RateLimitRule, subject: string): Promise<void> {
  const key = `${rule.name}:${subject}`;
  const rows = await db().$queryRaw<{ count: number; resetAt: Date }[]>`
    INSERT INTO "RateLimit" (key, count, "resetAt")
    VALUES (${key}, 1, now() + make_interval(secs => ${rule.windowSeconds}))
    ON CONFLICT (key) DO UPDATE SET
      count = CASE WHEN "RateLimit"."resetAt" <= now() THEN 1 ELSE "RateLimit".count + 1 END,
      "resetAt" = CASE WHEN "RateLimit"."resetAt" <= now() THEN EXCLUDED."resetAt" ELSE "RateLimit"."resetAt" END
    RETURNING count, "resetAt"`;
  const { count, resetAt } = rows[0];
  if (count > rule.limit) throw limitedUntil(resetAt);
}

/**
 * Refuses a subject already at its limit without counting this request: for
 * counts of failures only, checked before the work whose outcome is counted.
 */
export async function refuseOverRateLimit(rule: RateLimitRule, subject: string): Promise<void> {
  const rows = await db().$queryRaw<{ count: number; resetAt: Date }[]>`
    SELECT count, "resetAt" FROM "RateLimit" WHERE key = ${`${rule.name}:${subject}`} AND "resetAt" > now()`;
  if (rows[0] && rows[0].count >= rule.limit) throw limitedUntil(rows[0].resetAt);
}

function limitedUntil(resetAt: Date): AppError {
  const retryAfter = Math.max(1, Math.ceil((resetAt.getTime() - Date.now()) / 1000));
  return new AppError('rate_limited', `Too many attempts. Please try again in ${retryAfter} seconds.`, undefined, retryAfter);
}

/** Forgets a subject's count, e.g. after a successful sign-in, so honest users never pile up failures. */
export async function clearRateLimit(rule: RateLimitRule, subject: string): Promise<void> {
  await db().rateLimit.deleteMany({ where: { key: `${rule.name}:${subject}` } });
}

/**
 * Deletes counters whose window has passed. Keys hold what strangers send
 * (addresses, emails), so without this the table would grow with every one
 * ever tried; a passed window counts from one again anyway, row or not.
 */
export async function deleteExpiredRateLimits(): Promise<number> {
  // The database's clock, as the counting above uses.
  return db().$executeRaw`DELETE FROM "RateLimit" WHERE "resetAt" <= now()`;
}
