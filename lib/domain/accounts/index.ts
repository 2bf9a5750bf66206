// Customer accounts: registration, sign-in, email verification and password
// reset. Emails are stored lower-case. Sign-in answers the same, in the same
// time, for unknown emails and wrong passwords. A password reset ends every
// session of the account and every other reset link. Guest orders and
// vouchers for an address attach to the account only once the address is proven.
import 'server-only';
import { AppError, invalid } from '@/lib/domain/errors';
import { linkConsentRecords } from '@/lib/domain/consent';
import { setSubscribedIn } from '@/lib/domain/marketing';
import { isActiveMember } from '@/lib/domain/membership';
import { db, Prisma, type User } from '@/lib/infra/db';
import { hashPassword, verifyPassword } from '@/lib/infra/auth/passwords';
import { isCommonPassword } from './common-passwords';
import { revokeAllUserSessions } from './sessions';
import { consumeToken, findTokenUser } from './tokens';

export { sendVerificationEmail, requestPasswordReset } from './emails';
export { createUserSession, getActiveSession, revokeAllUserSessions, revokeUserSession, deleteEndedSessions } from './sessions';
export { TOKEN_TTL_SECONDS, hashToken, issueToken, deleteExpiredTokens } from './tokens';

export const MIN_PASSWORD_LENGTH = 6;
export const MAX_PASSWORD_LENGTH = 200;

const INVALID_RESET_LINK = 'This reset link is invalid or has expired. Please request a new one.';

export type UserRecord = { id: string; email: string; name: string; isMember: boolean };

export const normalizeEmail = (email: string) => email.trim().toLowerCase();

/** The spec's minimum plus a refusal of the passwords attackers try first. */
export function passwordProblem(password: string): string | null {
  if (password.length < MIN_PASSWORD_LENGTH) return 'Password must be at least 6 characters';
  if (password.length > MAX_PASSWORD_LENGTH) return `Password must be at most ${MAX_PASSWORD_LENGTH} characters`;
  if (isCommonPassword(password)) return 'This password is too common. Please choose a less guessable one.';
  return null;
}

export async function toUserRecord(user: Pick<User, 'id' | 'email' | 'name'>): Promise<UserRecord> {
  return { id: user.id, email: user.email, name: user.name, isMember: await isActiveMember(user.id) };
}

/** `marketingConsent`: the unticked "Email me new designs and offers" box was ticked (Decision 095). */
export async function registerUser(input: { email: string; password: string; name: string; marketingConsent?: boolean }): Promise<User> {
  const problem = passwordProblem(input.password);
  if (problem) throw invalid(problem, { password: [problem] });
  const email = normalizeEmail(input.email);
  // Hash first: the answer takes as long whether or not the address is taken.
  const passwordHash = await hashPassword(input.password);
  try {
    return await db().$transaction(async (tx) => {
      const user = await tx.user.create({ data: { email, name: input.name.trim(), passwordHash } });
      if (input.marketingConsent) await setSubscribedIn(tx, user.id, 'newsletter', true, 'registration');
      return user;
    });
  } catch (error) {
    if ((error as { code?: string }).code === 'P2002') throw new AppError('conflict', 'An account with this email already exists. Please log in.');
    throw error;
  }
}

export async function authenticateUser(emailInput: string, password: string): Promise<User | null> {
  const user = await db().user.findUnique({ where: { email: normalizeEmail(emailInput) } });
  const ok = await verifyPassword(user?.passwordHash ?? null, password);
  // A blocked account gets the same answer as a wrong password, after the same hashing: nothing tells it apart.
  return ok && user && !user.blockedAt ? user : null;
}

/** Attaches guest orders placed with the account's (proven) address. */
export async function linkGuestOrders(tx: Prisma.TransactionClient, user: Pick<User, 'id' | 'email'>): Promise<number> {
  const linked = await tx.order.updateMany({ where: { userId: null, customerEmail: user.email }, data: { userId: user.id } });
  // Consent given as a guest (checkout, free download) joins the account with its orders (Decision 095).
  await linkConsentRecords(tx, user);
  return linked.count;
}

export async function verifyEmail(token: string): Promise<User> {
  return db().$transaction(async (tx) => {
    const userId = await consumeToken(tx, token, 'verify');
    if (!userId) throw invalid('This verification link is invalid or has expired');
    const user = await tx.user.update({ where: { id: userId }, data: { emailVerifiedAt: new Date() } });
    await linkGuestOrders(tx, user);
    return user;
  });
}

export async function resetPassword(token: string, newPassword: string): Promise<void> {
  // The link first: an unknown, used or expired token costs one indexed read, never an argon2 hash.
  const userId = await findTokenUser(token, 'reset');
  if (!userId) throw invalid(INVALID_RESET_LINK);
  const problem = passwordProblem(newPassword);
  if (problem) throw invalid(problem, { new_password: [problem] });
  const passwordHash = await hashPassword(newPassword);
  await db().$transaction(async (tx) => {
    // Consumed conditionally: of two requests racing with one token, one wins.
    if ((await consumeToken(tx, token, 'reset')) !== userId) throw invalid(INVALID_RESET_LINK);
    // Every other reset link of the account dies with this one, and every session with the old password.
    await tx.passwordResetToken.updateMany({ where: { userId, purpose: 'reset', usedAt: null }, data: { usedAt: new Date() } });
    await revokeAllUserSessions(tx, userId);
    // The emailed link proves the address.
    const user = await tx.user.update({ where: { id: userId }, data: { passwordHash, emailVerifiedAt: new Date() } });
    await linkGuestOrders(tx, user);
  });
}
