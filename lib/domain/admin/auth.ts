// Admin sign-in: one account from ADMIN_USERNAME / ADMIN_PASSWORD. A session
// is a random token (hash stored) that lasts 8 hours or until logout.
import 'server-only';
import { createHash, randomBytes, timingSafeEqual } from 'node:crypto';
import { recordAudit } from '@/lib/domain/audit';
import { ADMIN_SIGN_IN, limitSignInAccount, limitSignInClient, type SignInAttempt } from '@/lib/domain/sign-in-limits';
import { env } from '@/lib/env';
import { db } from '@/lib/infra/db';

export const ADMIN_SESSION_SECONDS = 8 * 60 * 60;

const digest = (s: string) => createHash('sha256').update(s, 'utf8').digest();

/** Compares digests so the time taken says nothing about how much matched. */
function sameSecret(given: string, expected: string): boolean {
  return timingSafeEqual(digest(given), digest(expected));
}

export type AdminSession = { username: string; token: string; expiresAt: Date };

/**
 * The sign-in limits, all before the body is read: the one account is known in
 * advance, and its limit counts every attempt together whatever username it names.
 */
export async function limitAdminSignIn(attempt: SignInAttempt): Promise<void> {
  await limitSignInClient(ADMIN_SIGN_IN, attempt);
  await limitSignInAccount(ADMIN_SIGN_IN, attempt, env().ADMIN_USERNAME, 'all');
}

/** A new admin session for the right credentials (recorded in the audit log with the client's address), else null. */
export async function adminLogin(username: string, password: string, ip: string | null = null): Promise<AdminSession | null> {
  const { ADMIN_USERNAME, ADMIN_PASSWORD } = env();
  const userOk = sameSecret(username, ADMIN_USERNAME);
  const passOk = sameSecret(password, ADMIN_PASSWORD);
  if (!userOk || !passOk) return null;
  const token = randomBytes(32).toString('base64url');
  const expiresAt = new Date(Date.now() + ADMIN_SESSION_SECONDS * 1000);
  await db().$transaction(async (tx) => {
    await tx.adminSession.create({ data: { tokenHash: digest(token).toString('hex'), username: ADMIN_USERNAME, expiresAt } });
    await recordAudit(tx, ADMIN_USERNAME, 'admin.login', null, { ip });
  });
  return { username: ADMIN_USERNAME, token, expiresAt };
}

export async function getAdminSession(token: string): Promise<{ username: string } | null> {
  if (!/^[A-Za-z0-9_-]{20,100}$/.test(token)) return null;
  const session = await db().adminSession.findUnique({ where: { tokenHash: digest(token).toString('hex') } });
  if (!session || session.revokedAt || session.expiresAt <= new Date()) return null;
  return { username: session.username };
}

export async function revokeAdminSession(token: string): Promise<void> {
  await db().adminSession.updateMany({ where: { tokenHash: digest(token).toString('hex'), revokedAt: null }, data: { revokedAt: new Date() } });
}

/** Sessions past their 8 hours; who signed in when stays in the audit log (the expired-rows job). */
export async function deleteEndedAdminSessions(): Promise<number> {
  return (await db().adminSession.deleteMany({ where: { expiresAt: { lte: new Date() } } })).count;
}
