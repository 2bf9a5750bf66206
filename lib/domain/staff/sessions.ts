// Back-office sessions: a random token whose SHA-256 is the row's key. A
// session works while its row is live and its member is still on the staff;
// the role is read from the member on every request, so a change takes effect
// at once, and role changes and removals revoke the rows besides.
import 'server-only';
import { createHash, randomBytes } from 'node:crypto';
import { recordAudit } from '@/lib/domain/audit';
import { notFound } from '@/lib/domain/errors';
import { env } from '@/lib/env';
import { db, type Prisma } from '@/lib/infra/db';
import { TWO_FACTOR_ROLES, type Role } from '@/lib/staff-permissions';

export const ADMIN_SESSION_SECONDS = 8 * 60 * 60;

export const hashSecret = (s: string) => createHash('sha256').update(s, 'utf8').digest('hex');
const isTokenShaped = (token: string) => /^[A-Za-z0-9_-]{20,100}$/.test(token);

/** Who is acting, as every admin route and page sees it. */
export type StaffActor = {
  staffId: string;
  username: string;
  name: string;
  role: Role;
  sessionId: string;
  twoFactorEnabled: boolean;
  /** An owner or manager without a second factor where the deployment requires one: only their own account is open. */
  mustEnrolTwoFactor: boolean;
};

export type IssuedSession = { token: string; username: string; expiresAt: Date };
export type SessionClient = { ip: string | null; userAgent: string | null };

/** Owners and managers keep a second factor where the deployment requires it (always in production). */
export const twoFactorRequiredFor = (role: Role) => env().REQUIRE_STAFF_TWO_FACTOR && TWO_FACTOR_ROLES.includes(role);

export function mustEnrolTwoFactor(staff: { role: Role; totpEnabledAt: Date | null }): boolean {
  return twoFactorRequiredFor(staff.role) && staff.totpEnabledAt === null;
}

/** A new session for a member who has passed every step of sign-in, recorded in the audit log. */
export async function createAdminSession(
  tx: Prisma.TransactionClient,
  staff: { id: string; username: string },
  client: SessionClient,
  secondFactor: 'none' | 'totp' | 'recovery_code' | 'trusted_browser',
): Promise<IssuedSession> {
  const token = randomBytes(32).toString('base64url');
  const expiresAt = new Date(Date.now() + ADMIN_SESSION_SECONDS * 1000);
  await tx.adminSession.create({
    data: { tokenHash: hashSecret(token), staffId: staff.id, username: staff.username, expiresAt, ip: client.ip, userAgent: client.userAgent?.slice(0, 300) },
  });
  await recordAudit(tx, staff.username, 'admin.login', null, { ip: client.ip, second_factor: secondFactor });
  return { token, username: staff.username, expiresAt };
}

export async function getAdminSession(token: string): Promise<StaffActor | null> {
  if (!isTokenShaped(token)) return null;
  const session = await db().adminSession.findUnique({
    where: { tokenHash: hashSecret(token) },
    select: {
      id: true,
      expiresAt: true,
      revokedAt: true,
      staff: { select: { id: true, username: true, name: true, role: true, removedAt: true, passwordHash: true, totpEnabledAt: true } },
    },
  });
  if (!session || session.revokedAt || session.expiresAt <= new Date()) return null;
  const { staff } = session;
  if (staff.removedAt || !staff.passwordHash) return null;
  return {
    staffId: staff.id,
    username: staff.username,
    name: staff.name,
    role: staff.role,
    sessionId: session.id,
    twoFactorEnabled: staff.totpEnabledAt !== null,
    mustEnrolTwoFactor: mustEnrolTwoFactor(staff),
  };
}

export async function revokeAdminSession(token: string): Promise<void> {
  if (!isTokenShaped(token)) return;
  await db().adminSession.updateMany({ where: { tokenHash: hashSecret(token), revokedAt: null }, data: { revokedAt: new Date() } });
}

/** Ends every session of a member (but `keep`), and any sign-in waiting for their second factor. */
export async function revokeStaffSessions(tx: Prisma.TransactionClient, staffId: string, keep?: string): Promise<number> {
  const now = new Date();
  await tx.signInChallenge.updateMany({ where: { staffId, usedAt: null }, data: { usedAt: now } });
  const ended = await tx.adminSession.updateMany({
    where: { staffId, revokedAt: null, expiresAt: { gt: now }, ...(keep ? { id: { not: keep } } : {}) },
    data: { revokedAt: now },
  });
  return ended.count;
}

export type StaffSessionRecord = { id: string; createdAt: Date; expiresAt: Date; ip: string | null; userAgent: string | null; current: boolean };

/** A member's live sessions, newest first. */
export async function listStaffSessions(actor: Pick<StaffActor, 'staffId' | 'sessionId'>): Promise<StaffSessionRecord[]> {
  const rows = await db().adminSession.findMany({
    where: { staffId: actor.staffId, revokedAt: null, expiresAt: { gt: new Date() } },
    orderBy: { createdAt: 'desc' },
    select: { id: true, createdAt: true, expiresAt: true, ip: true, userAgent: true },
    take: 100,
  });
  return rows.map((r) => ({ ...r, current: r.id === actor.sessionId }));
}

/** Ends one of the member's own sessions; another member's id is not found. */
export async function endStaffSession(actor: Pick<StaffActor, 'staffId' | 'username'>, sessionId: string): Promise<void> {
  await db().$transaction(async (tx) => {
    const ended = await tx.adminSession.updateMany({ where: { id: sessionId, staffId: actor.staffId, revokedAt: null }, data: { revokedAt: new Date() } });
    if (ended.count === 0) throw notFound('Session not found');
    await recordAudit(tx, actor.username, 'staff.session_end', sessionId);
  });
}

/** Sessions past their 8 hours and second steps past their 5 minutes (the expired-rows job); who signed in when stays in the audit log. */
export async function deleteEndedAdminSessions(): Promise<number> {
  const now = new Date();
  await db().signInChallenge.deleteMany({ where: { expiresAt: { lte: now } } });
  return (await db().adminSession.deleteMany({ where: { expiresAt: { lte: now } } })).count;
}
