// Using a discount code: reserved when a checkout opens, confirmed when the
// order is paid, given back when it lapses (Decision 090). Every check that
// counts (the total cap, the customer's own uses, whether they are new) runs
// while the checkout's transaction holds the code's row lock, so parallel
// checkouts with one code are decided one after another, never on a stale count.
import 'server-only';
import { AppError, invalid } from '@/lib/domain/errors';
import { normalizeCode } from '@/lib/domain/vouchers';
import { db, Prisma, type DiscountCode } from '@/lib/infra/db';
import { CODE_PATTERN, codeProblem, DISCOUNT_MESSAGES, needsIdentity, normalizeEmail } from './rules';

type Tx = Prisma.TransactionClient;
type Client = Tx | ReturnType<typeof db>;

/** Who is using a code: the signed-in account (and its email), or a guest's email given at checkout. */
export type CustomerIdentity = { userId: string | null; email: string | null };

export async function findDiscountCode(code: string): Promise<DiscountCode | null> {
  const normalized = normalizeCode(code);
  if (!CODE_PATTERN.test(normalized)) return null;
  return db().discountCode.findUnique({ where: { code: normalized } });
}

const who = (identity: CustomerIdentity) => {
  const emailKey = identity.email ? normalizeEmail(identity.email) : null;
  return { userId: identity.userId, emailKey, or: [...(identity.userId ? [{ userId: identity.userId }] : []), ...(emailKey ? [{ emailKey }] : [])] };
};

/**
 * Why this customer may not use the code: no identity for a code that needs
 * one, their own uses at the per-customer cap (held and paid, by account or
 * normalised email), or a paid order before for a new-customers-only code.
 */
export async function customerProblem(client: Client, code: DiscountCode, identity: CustomerIdentity): Promise<AppError | null> {
  if (!needsIdentity(code)) return null;
  const { or } = who(identity);
  if (or.length === 0) return invalid(DISCOUNT_MESSAGES.needsEmail, { email: ['Required for this discount code'] });
  if (code.maxUsesPerCustomer !== null) {
    const used = await client.discountRedemption.count({ where: { discountCodeId: code.id, OR: or } });
    if (used >= code.maxUsesPerCustomer) return invalid(DISCOUNT_MESSAGES.usedByYou);
  }
  if (code.newCustomersOnly) {
    const email = identity.email?.trim().toLowerCase();
    const before = await client.order.findFirst({
      where: { fulfilledAt: { not: null }, OR: [...(identity.userId ? [{ userId: identity.userId }] : []), ...(email ? [{ customerEmail: email }] : [])] },
      select: { id: true },
    });
    if (before) return invalid(DISCOUNT_MESSAGES.newCustomersOnly);
  }
  return null;
}

/**
 * The code's row locked until the transaction ends, re-read and checked: a
 * code used up meanwhile is a 409 (another checkout took the last use); any
 * other rule it fails is a 400 with that rule's message.
 */
export async function lockUsableDiscount(tx: Tx, id: string, identity: CustomerIdentity, now: Date = new Date()): Promise<DiscountCode> {
  await tx.$queryRaw`SELECT id FROM "DiscountCode" WHERE id = ${id} FOR UPDATE`;
  const code = await tx.discountCode.findUnique({ where: { id } });
  if (!code) throw invalid(DISCOUNT_MESSAGES.invalid);
  const problem = codeProblem(code, now);
  if (problem) throw problem === DISCOUNT_MESSAGES.usedUp ? new AppError('conflict', problem) : invalid(problem);
  const refusal = await customerProblem(tx, code, identity);
  if (refusal) throw refusal;
  return code;
}

/**
 * Takes one use for `orderId`. The conditional UPDATE is the cap: it only
 * counts a use while the code is enabled, in its window and under maxUses, so
 * even a caller that skipped the lock could not take more uses than there are.
 */
export async function reserveDiscount(tx: Tx, code: DiscountCode, orderId: string, identity: CustomerIdentity, amountCents: number, now: Date = new Date()) {
  const taken = await tx.$executeRaw`
    UPDATE "DiscountCode" SET uses = uses + 1
    WHERE id = ${code.id} AND enabled
      AND ("maxUses" IS NULL OR uses < "maxUses")
      AND ("startsAt" IS NULL OR "startsAt" <= ${now})
      AND ("endsAt" IS NULL OR "endsAt" > ${now})`;
  if (taken !== 1) throw new AppError('conflict', DISCOUNT_MESSAGES.usedUp);
  const { userId, emailKey } = who(identity);
  await tx.discountRedemption.create({ data: { discountCodeId: code.id, orderId, userId, emailKey, amountCents } });
}

/** Gives a lapsed (or abandoned, or failed) order's use back. */
export async function releaseDiscount(tx: Tx, orderId: string): Promise<void> {
  // Deleting the unconfirmed reservation is the claim: a second release gives nothing back.
  const redemption = await tx.discountRedemption.findUnique({ where: { orderId }, select: { id: true, discountCodeId: true } });
  if (!redemption) return;
  const claimed = await tx.discountRedemption.deleteMany({ where: { id: redemption.id, confirmedAt: null } });
  if (claimed.count !== 1) return;
  await tx.$executeRaw`UPDATE "DiscountCode" SET uses = uses - 1 WHERE id = ${redemption.discountCodeId} AND uses > 0`;
}

export async function confirmDiscount(tx: Tx, orderId: string): Promise<void> {
  await tx.discountRedemption.updateMany({ where: { orderId, confirmedAt: null }, data: { confirmedAt: new Date() } });
}
