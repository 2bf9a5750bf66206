// Signing in to the back office: the password first, then, for a member with
// a second factor, a code on a challenge that lives 5 minutes and takes 5
// codes at most (and 10 per member per 15 minutes over every challenge). A
// browser the member trusted after a second factor skips the code, never the
// password. Every limit is spent before any hashing (Decisions 042, 076).
import 'server-only';
import { randomBytes } from 'node:crypto';
import { AppError } from '@/lib/domain/errors';
import { ADMIN_SIGN_IN, limitSignInAccount, limitSignInClient, type SignInAttempt } from '@/lib/domain/sign-in-limits';
import { db } from '@/lib/infra/db';
import { verifyPassword } from '@/lib/infra/auth/passwords';
import { limitSecondFactor } from './limits';
import { canonicalUsername, ensureOwner } from './members';
import { spendRecoveryCode } from './recovery-codes';
import { createAdminSession, hashSecret, type IssuedSession, type SessionClient } from './sessions';
import { isTrustedBrowserOf } from './trusted-browsers';
import { acceptTotpCode } from './two-factor';

export const CHALLENGE_SECONDS = 5 * 60;
export const CHALLENGE_ATTEMPTS = 5;

export type SignedInMember = { id: string; username: string; securityStamp: string };
export type PasswordOutcome = { session: IssuedSession; member: SignedInMember } | { challenge: string; member: SignedInMember };

/** Before the body: a known device spends its own allowance, any other client its address's. */
export const limitAdminSignIn = (attempt: SignInAttempt) => limitSignInClient(ADMIN_SIGN_IN, attempt);

/**
 * The password step. Null for a wrong username or password (the same time
 * either way); a session when the member has no second factor or signs in from
 * a browser they trusted; otherwise a challenge for the second step.
 */
export async function signInWithPassword(
  input: { username: string; password: string; trustedBrowser: string | null },
  attempt: SignInAttempt,
  client: SessionClient,
): Promise<PasswordOutcome | null> {
  const username = canonicalUsername(input.username);
  // Every client's attempts at every name count together: guesses spread over many addresses stay capped.
  await limitSignInAccount(ADMIN_SIGN_IN, attempt, username, 'all');
  await ensureOwner();
  const staff = await db().staff.findUnique({
    where: { username },
    select: { id: true, username: true, passwordHash: true, removedAt: true, securityStamp: true, totpEnabledAt: true },
  });
  const usable = staff && !staff.removedAt ? staff : null;
  const ok = await verifyPassword(usable?.passwordHash ?? null, input.password);
  if (!usable || !ok) return null;
  const member = { id: usable.id, username: usable.username, securityStamp: usable.securityStamp };
  if (usable.totpEnabledAt && !isTrustedBrowserOf(input.trustedBrowser, usable)) {
    const challenge = randomBytes(32).toString('base64url');
    await db().signInChallenge.create({
      data: { tokenHash: hashSecret(challenge), staffId: usable.id, expiresAt: new Date(Date.now() + CHALLENGE_SECONDS * 1000) },
    });
    return { challenge, member };
  }
  const how = usable.totpEnabledAt ? 'trusted_browser' : 'none';
  return { session: await db().$transaction((tx) => createAdminSession(tx, usable, client, how)), member };
}

export const CHALLENGE_ENDED = 'This sign-in has expired. Please sign in again.';
export const WRONG_CODE = 'Invalid code';

/**
 * The second step: a TOTP code or a recovery code on a live challenge. The
 * attempt is counted before the code is checked, in one conditional update, so
 * parallel guesses cannot get past the fifth.
 */
export async function signInWithSecondFactor(
  challenge: string,
  code: string,
  client: SessionClient,
): Promise<{ session: IssuedSession; member: SignedInMember }> {
  if (!/^[A-Za-z0-9_-]{20,100}$/.test(challenge)) throw new AppError('unauthorized', CHALLENGE_ENDED);
  const row = await db().signInChallenge.findUnique({ where: { tokenHash: hashSecret(challenge) }, select: { id: true, staffId: true } });
  if (!row) throw new AppError('unauthorized', CHALLENGE_ENDED);
  const counted = await db().signInChallenge.updateMany({
    where: { id: row.id, usedAt: null, attempts: { lt: CHALLENGE_ATTEMPTS }, expiresAt: { gt: new Date() } },
    data: { attempts: { increment: 1 } },
  });
  if (counted.count !== 1) throw new AppError('unauthorized', CHALLENGE_ENDED);
  await limitSecondFactor(row.staffId);
  return db().$transaction(async (tx) => {
    const staff = await tx.staff.findUnique({
      where: { id: row.staffId },
      select: { id: true, username: true, removedAt: true, passwordHash: true, securityStamp: true, totpSecret: true, totpEnabledAt: true, totpLastStep: true },
    });
    if (!staff || staff.removedAt || !staff.passwordHash || !staff.totpEnabledAt) throw new AppError('unauthorized', CHALLENGE_ENDED);
    const isTotp = /^\d{6}$/.test(code.replace(/\s/g, ''));
    const right = isTotp ? await acceptTotpCode(tx, staff, code) : await spendRecoveryCode(tx, staff.id, code);
    if (!right) throw new AppError('unauthorized', WRONG_CODE);
    const finished = await tx.signInChallenge.updateMany({ where: { id: row.id, usedAt: null }, data: { usedAt: new Date() } });
    if (finished.count !== 1) throw new AppError('unauthorized', CHALLENGE_ENDED);
    const session = await createAdminSession(tx, staff, client, isTotp ? 'totp' : 'recovery_code');
    return { session, member: { id: staff.id, username: staff.username, securityStamp: staff.securityStamp } };
  });
}
