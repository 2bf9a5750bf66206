// Anonymising a customer on request (Privacy Act 1988, APP 11.2: personal
// information no longer needed is destroyed or de-identified). In one
// transaction: name and email become placeholders that reach nobody (the
// reserved .invalid domain, RFC 2606), the password is removed (sign-in then
// fails like any wrong password), every session and reset link ends, and the
// address is replaced wherever the shop kept it. Orders, invoices, adjustment
// notes and licences stay, with their numbers, dates, lines, amounts and GST,
// which tax law needs kept for five years. An order of A$1,000 or more keeps
// its buyer's email: its tax invoice must identify the buyer (GST Act s 29-70),
// and the law's need to keep it outweighs the request (Decision 091).
import 'server-only';
import { revokeAllUserSessions } from '@/lib/domain/accounts';
import { recordAudit } from '@/lib/domain/audit';
import { AppError, notFound } from '@/lib/domain/errors';
import { isActiveMembership } from '@/lib/domain/membership';
import { db } from '@/lib/infra/db';

export const ANONYMISED_NAME = 'Anonymised customer';
/** Tax invoices from this total up (GST inclusive) must identify the buyer. */
export const BUYER_IDENTITY_THRESHOLD_CENTS = 100_000;

export const anonymisedEmail = (userId: string) => `anonymised-${userId.toLowerCase()}@example.invalid`;

export async function anonymiseCustomer(actor: string, userId: string, now: Date = new Date()): Promise<void> {
  await db().$transaction(
    async (tx) => {
      const user = await tx.user.findUnique({ where: { id: userId }, include: { membership: true } });
      if (!user) throw notFound('Customer not found');
      if (user.anonymisedAt) throw new AppError('conflict', 'This customer is already anonymised');
      // A membership still running would keep charging, or serving, someone the shop no longer knows.
      if (user.membership && isActiveMembership(user.membership, now)) throw new AppError('conflict', 'Cancel the membership (now) before anonymising');
      const email = anonymisedEmail(userId);
      const theirs = { OR: [{ userId }, { customerEmail: user.email }] };
      const orderIds = (await tx.order.findMany({ where: theirs, select: { id: true } })).map((o) => o.id);

      await tx.user.update({
        where: { id: userId },
        data: { email, name: ANONYMISED_NAME, passwordHash: '', emailVerifiedAt: null, stripeCustomerId: null, anonymisedAt: now },
      });
      await revokeAllUserSessions(tx, userId);
      await tx.passwordResetToken.deleteMany({ where: { userId } });
      await tx.order.updateMany({ where: { id: { in: orderIds }, amountCents: { lt: BUYER_IDENTITY_THRESHOLD_CENTS } }, data: { customerEmail: email } });
      await tx.order.updateMany({ where: { id: { in: orderIds } }, data: { holderName: null } });
      await tx.licence.updateMany({ where: { orderItem: { orderId: { in: orderIds } } }, data: { holderName: ANONYMISED_NAME } });
      await tx.downloadLog.updateMany({ where: { orderId: { in: orderIds } }, data: { ip: null } });
      await tx.voucher.updateMany({ where: { customerEmail: user.email }, data: { customerEmail: email } });
      await tx.emailLog.updateMany({ where: { recipientEmail: user.email }, data: { recipientEmail: email } });
      // The consent history stays (what was agreed, when) but no longer names the address (Decision 095).
      await tx.consentRecord.updateMany({ where: { OR: [{ userId }, { email: user.email }] }, data: { email } });
      await tx.freeDownloadRequest.deleteMany({ where: { email: user.email } });
      // The audit row names the account by id only: writing the old address here would keep what was just removed.
      await recordAudit(tx, actor, 'customer.anonymise', userId, { orders: orderIds.length });
    },
    { timeout: 30_000 },
  );
}
