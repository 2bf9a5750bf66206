// Customer sessions held by the server: a sign-in is a row, its id rides in the
// session token, and the row alone decides whether the token still works.
// Logout revokes one row (other devices stay signed in); a password reset
// revokes them all. A session lasts SESSION_MAX_AGE_SECONDS from sign-in.
import 'server-only';
import { db, type Prisma } from '@/lib/infra/db';
import { SESSION_MAX_AGE_SECONDS } from '@/lib/infra/auth/session-token';

export type ActiveSession = { id: string; expiresAt: Date; user: { id: string; email: string; name: string; emailVerified: boolean } };

export async function createUserSession(userId: string): Promise<{ id: string; expiresAt: Date }> {
  const now = new Date();
  // Rows that can no longer be used go at the owner's next sign-in, so the table stays small without a sweeper.
  await db().userSession.deleteMany({ where: { userId, OR: [{ expiresAt: { lte: now } }, { revokedAt: { not: null } }] } });
  return db().userSession.create({
    data: { userId, expiresAt: new Date(now.getTime() + SESSION_MAX_AGE_SECONDS * 1000) },
    select: { id: true, expiresAt: true },
  });
}

/** The session and its user in one indexed read; null when unknown, revoked, expired or not that user's. */
export async function getActiveSession(sessionId: string, userId: string): Promise<ActiveSession | null> {
  const row = await db().userSession.findUnique({
    where: { id: sessionId },
    select: { id: true, userId: true, expiresAt: true, revokedAt: true, user: { select: { id: true, email: true, name: true, emailVerifiedAt: true } } },
  });
  if (!row || row.userId !== userId || row.revokedAt || row.expiresAt <= new Date()) return null;
  const { user } = row;
  return { id: row.id, expiresAt: row.expiresAt, user: { id: user.id, email: user.email, name: user.name, emailVerified: user.emailVerifiedAt !== null } };
}

export async function revokeUserSession(sessionId: string): Promise<void> {
  await db().userSession.updateMany({ where: { id: sessionId, revokedAt: null }, data: { revokedAt: new Date() } });
}

/** Ends every live session of the user; returns how many were live. */
export async function revokeAllUserSessions(tx: Prisma.TransactionClient, userId: string): Promise<number> {
  return (await tx.userSession.updateMany({ where: { userId, revokedAt: null }, data: { revokedAt: new Date() } })).count;
}

/** Sessions past their end, for accounts that never sign in again (the expired-rows job). */
export async function deleteEndedSessions(): Promise<number> {
  return (await db().userSession.deleteMany({ where: { expiresAt: { lte: new Date() } } })).count;
}
