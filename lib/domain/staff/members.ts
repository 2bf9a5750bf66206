// The staff: the owner from the environment, and the members the owner invites,
// changes the role of and removes. A removal or a role change ends the member's
// sessions in the same transaction, and changes their security stamp, which
// forgets their trusted browsers.
import 'server-only';
import { normalizeEmail, passwordProblem } from '@/lib/domain/accounts';
import { recordAudit } from '@/lib/domain/audit';
import { enqueue } from '@/lib/domain/jobs';
import { AppError, invalid, notFound } from '@/lib/domain/errors';
import { env } from '@/lib/env';
import { db, type Prisma } from '@/lib/infra/db';
import { hashPassword, verifyPassword } from '@/lib/infra/auth/passwords';
import type { AssignableRole, Role } from '@/lib/staff-permissions';
import { countInviteMiss, limitStaffCheck } from './limits';
import { hashSecret, revokeStaffSessions, type StaffActor } from './sessions';
import { newSecurityStamp } from './two-factor';

export const STAFF_INVITE_JOB = 'staff.invite-email';
/** A set-password link works this long, once. */
export const INVITE_TTL_SECONDS = 7 * 24 * 60 * 60;
/** Staff passwords guard the whole shop: longer than customers' (which keep the product's 6). */
export const MIN_STAFF_PASSWORD_LENGTH = 12;

export type StaffStatus = 'active' | 'invited' | 'removed';
export type StaffRecord = {
  id: string;
  username: string;
  email: string | null;
  name: string;
  role: Role;
  status: StaffStatus;
  twoFactorEnabled: boolean;
  invitedBy: string | null;
  createdAt: Date;
};

const STAFF_SELECT = {
  id: true,
  username: true,
  email: true,
  name: true,
  role: true,
  passwordHash: true,
  removedAt: true,
  totpEnabledAt: true,
  invitedBy: true,
  createdAt: true,
} as const;
type StaffRow = Prisma.StaffGetPayload<{ select: typeof STAFF_SELECT }>;

function toStaffRecord(row: StaffRow): StaffRecord {
  const status: StaffStatus = row.removedAt ? 'removed' : row.passwordHash ? 'active' : 'invited';
  const { id, username, email, name, role, invitedBy, createdAt } = row;
  return { id, username, email, name, role, status, twoFactorEnabled: row.totpEnabledAt !== null, invitedBy, createdAt };
}

export const canonicalUsername = (username: string) => username.trim().toLowerCase();

/**
 * The owner, from ADMIN_USERNAME / ADMIN_PASSWORD, the first time anyone signs
 * in to a shop that has none. Afterwards the database decides: the owner
 * changes the password in the back office, and the variables are not read again.
 */
export async function ensureOwner(): Promise<void> {
  if (await db().staff.count({ where: { role: 'owner' } })) return;
  const { ADMIN_USERNAME, ADMIN_PASSWORD } = env();
  const username = canonicalUsername(ADMIN_USERNAME);
  try {
    await db().staff.create({
      data: { username, name: ADMIN_USERNAME.trim(), role: 'owner', passwordHash: await hashPassword(ADMIN_PASSWORD), securityStamp: newSecurityStamp() },
    });
  } catch (error) {
    // Two first sign-ins at once: the other one made it.
    if ((error as { code?: string }).code !== 'P2002') throw error;
  }
}

export async function listStaff(): Promise<StaffRecord[]> {
  const rows = await db().staff.findMany({ where: { removedAt: null }, orderBy: [{ createdAt: 'asc' }, { id: 'asc' }], select: STAFF_SELECT });
  return rows.map(toStaffRecord);
}

/** Every name that may appear in the audit log as a member of staff, removed members included. */
export async function listStaffUsernames(): Promise<string[]> {
  return (await db().staff.findMany({ orderBy: { username: 'asc' }, select: { username: true } })).map((s) => s.username);
}

/**
 * Invites by email: the address is the member's sign-in name, and an email with
 * a set-password link goes out as a durable job queued with the row. A member
 * removed before is brought back with a fresh account (no password, no factor).
 */
export async function inviteStaff(actor: Pick<StaffActor, 'username'>, input: { email: string; name: string; role: AssignableRole }): Promise<StaffRecord> {
  const email = normalizeEmail(input.email);
  return db().$transaction(async (tx) => {
    const existing = await tx.staff.findFirst({ where: { OR: [{ email }, { username: email }] }, select: { id: true, removedAt: true } });
    if (existing && !existing.removedAt) throw new AppError('conflict', 'A member of staff with this email already exists');
    const fresh = {
      name: input.name.trim(),
      role: input.role,
      passwordHash: null,
      securityStamp: newSecurityStamp(),
      totpSecret: null,
      totpEnabledAt: null,
      totpLastStep: null,
      inviteTokenHash: null,
      inviteExpiresAt: null,
      invitedBy: actor.username,
      removedAt: null,
    };
    const row = existing
      ? await tx.staff.update({ where: { id: existing.id }, data: fresh, select: STAFF_SELECT })
      : await tx.staff.create({ data: { ...fresh, username: email, email }, select: STAFF_SELECT });
    if (existing) await tx.staffRecoveryCode.deleteMany({ where: { staffId: row.id } });
    await enqueue(tx, STAFF_INVITE_JOB, { staffId: row.id });
    await recordAudit(tx, actor.username, 'staff.invite', row.username, { role: input.role });
    return toStaffRecord(row);
  });
}

/** Sends a pending member a new link; the old one stops working. */
export async function resendInvitation(actor: Pick<StaffActor, 'username'>, staffId: string): Promise<void> {
  await db().$transaction(async (tx) => {
    const row = await tx.staff.findUnique({ where: { id: staffId }, select: STAFF_SELECT });
    if (!row || row.removedAt) throw notFound('Staff member not found');
    if (row.passwordHash) throw new AppError('conflict', 'This member has already set a password');
    await enqueue(tx, STAFF_INVITE_JOB, { staffId });
    await recordAudit(tx, actor.username, 'staff.invite_resend', row.username);
  });
}

const isTokenShaped = (token: string) => /^[A-Za-z0-9_-]{20,100}$/.test(token);

/** The invitation a link stands for, while it can still be used; null otherwise. */
export async function findInvitation(token: string): Promise<{ name: string; username: string } | null> {
  if (!isTokenShaped(token)) return null;
  const row = await db().staff.findUnique({
    where: { inviteTokenHash: hashSecret(token) },
    select: { name: true, username: true, inviteExpiresAt: true, removedAt: true },
  });
  if (!row || row.removedAt || !row.inviteExpiresAt || row.inviteExpiresAt <= new Date()) return null;
  return { name: row.name, username: row.username };
}

export function staffPasswordProblem(password: string): string | null {
  if (password.length < MIN_STAFF_PASSWORD_LENGTH) return `Password must be at least ${MIN_STAFF_PASSWORD_LENGTH} characters`;
  return passwordProblem(password);
}

const INVALID_LINK = 'This invitation link is invalid or has expired. Ask the owner to send a new one.';

/**
 * Sets the member's first password from their link, once; they then sign in
 * as usual. A link that does not work counts against the client (`ip`).
 */
export async function acceptInvitation(token: string, password: string, ip: string): Promise<{ username: string }> {
  const problem = staffPasswordProblem(password);
  if (problem) throw invalid(problem, { new_password: [problem] });
  // Looked up before hashing: a made-up link costs an indexed read, never an argon2 hash.
  const row = isTokenShaped(token) ? await db().staff.findUnique({ where: { inviteTokenHash: hashSecret(token) }, select: { id: true } }) : null;
  if (!row) {
    await countInviteMiss(ip);
    throw invalid(INVALID_LINK);
  }
  const passwordHash = await hashPassword(password);
  return db().$transaction(async (tx) => {
    const row = await tx.staff.findUnique({ where: { inviteTokenHash: hashSecret(token) }, select: { id: true, username: true } });
    if (!row) throw invalid(INVALID_LINK);
    // Conditional: two requests racing with one link cannot both set a password.
    const taken = await tx.staff.updateMany({
      where: { id: row.id, inviteTokenHash: hashSecret(token), inviteExpiresAt: { gt: new Date() }, removedAt: null },
      data: { passwordHash, inviteTokenHash: null, inviteExpiresAt: null, securityStamp: newSecurityStamp() },
    });
    if (taken.count !== 1) throw invalid(INVALID_LINK);
    await recordAudit(tx, row.username, 'staff.invite_accept', row.username);
    return { username: row.username };
  });
}

async function findManagedStaff(tx: Prisma.TransactionClient, staffId: string) {
  const row = await tx.staff.findUnique({ where: { id: staffId }, select: STAFF_SELECT });
  if (!row || row.removedAt) throw notFound('Staff member not found');
  if (row.role === 'owner') throw new AppError('conflict', "The owner's account cannot be changed or removed");
  return row;
}

/** A new role takes effect at once: the member's sessions end, and they sign in again under it. */
export async function changeStaffRole(actor: Pick<StaffActor, 'username'>, staffId: string, role: AssignableRole): Promise<StaffRecord> {
  return db().$transaction(async (tx) => {
    const before = await findManagedStaff(tx, staffId);
    const row = await tx.staff.update({ where: { id: staffId }, data: { role, securityStamp: newSecurityStamp() }, select: STAFF_SELECT });
    const ended = await revokeStaffSessions(tx, staffId);
    await recordAudit(tx, actor.username, 'staff.role', row.username, { from: before.role, to: role, sessions_ended: ended });
    return toStaffRecord(row);
  });
}

/** Removes a member: every session and pending sign-in ends now; the row stays for the audit log. */
export async function removeStaff(actor: Pick<StaffActor, 'username'>, staffId: string): Promise<void> {
  await db().$transaction(async (tx) => {
    const row = await findManagedStaff(tx, staffId);
    await tx.staff.update({
      where: { id: staffId },
      data: { removedAt: new Date(), passwordHash: null, inviteTokenHash: null, inviteExpiresAt: null, securityStamp: newSecurityStamp() },
    });
    const ended = await revokeStaffSessions(tx, staffId);
    await recordAudit(tx, actor.username, 'staff.remove', row.username, { sessions_ended: ended });
  });
}

/** The member's own new password, given the current one; their other sessions and trusted browsers end. */
export async function changeOwnPassword(actor: StaffActor, currentPassword: string, newPassword: string): Promise<void> {
  await limitStaffCheck(actor.staffId);
  const staff = await db().staff.findUniqueOrThrow({ where: { id: actor.staffId }, select: { passwordHash: true } });
  if (!(await verifyPassword(staff.passwordHash, currentPassword))) {
    throw invalid('The current password is not right', { current_password: ['Wrong password'] });
  }
  const problem = staffPasswordProblem(newPassword);
  if (problem) throw invalid(problem, { new_password: [problem] });
  const passwordHash = await hashPassword(newPassword);
  await db().$transaction(async (tx) => {
    await tx.staff.update({ where: { id: actor.staffId }, data: { passwordHash, securityStamp: newSecurityStamp() } });
    const ended = await revokeStaffSessions(tx, actor.staffId, actor.sessionId);
    await recordAudit(tx, actor.username, 'staff.password', actor.username, { sessions_ended: ended });
  });
}
