// Signing in: the back office blocks and unblocks an account, and sends the
// email-verification link again. Blocking revokes every session in the same
// transaction, so a signed-in browser is out on its next request, and sign-in
// answers a blocked account exactly as it answers a wrong password (accounts).
import 'server-only';
import { revokeAllUserSessions, sendVerificationEmail } from '@/lib/domain/accounts';
import { recordAudit } from '@/lib/domain/audit';
import { AppError, notFound } from '@/lib/domain/errors';
import { db, type Prisma } from '@/lib/infra/db';

async function requireLiveCustomer(tx: Prisma.TransactionClient, userId: string) {
  const user = await tx.user.findUnique({ where: { id: userId } });
  if (!user) throw notFound('Customer not found');
  if (user.anonymisedAt) throw new AppError('conflict', 'This customer has been anonymised');
  return user;
}

export async function blockCustomer(actor: string, userId: string): Promise<number> {
  return db().$transaction(async (tx) => {
    const user = await requireLiveCustomer(tx, userId);
    if (user.blockedAt) throw new AppError('conflict', 'Sign-in is already blocked for this customer');
    await tx.user.update({ where: { id: userId }, data: { blockedAt: new Date() } });
    const revoked = await revokeAllUserSessions(tx, userId);
    await recordAudit(tx, actor, 'customer.block', userId, { sessions_revoked: revoked });
    return revoked;
  });
}

export async function unblockCustomer(actor: string, userId: string): Promise<void> {
  await db().$transaction(async (tx) => {
    const user = await requireLiveCustomer(tx, userId);
    if (!user.blockedAt) throw new AppError('conflict', 'Sign-in is not blocked for this customer');
    await tx.user.update({ where: { id: userId }, data: { blockedAt: null } });
    await recordAudit(tx, actor, 'customer.unblock', userId);
  });
}

/** A fresh verification link to the account's address; refused once the address is proven. */
export async function resendVerification(actor: string, userId: string): Promise<string> {
  const user = await requireLiveCustomer(db(), userId);
  if (user.emailVerifiedAt) throw new AppError('conflict', 'This email address is already verified');
  // The email cannot be part of a database transaction; it is sent first, so the audit row records a sent link.
  await sendVerificationEmail(user);
  await recordAudit(db(), actor, 'customer.verification.resend', userId);
  return user.email;
}
