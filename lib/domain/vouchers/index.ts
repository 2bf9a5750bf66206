// Vouchers: discount codes and gift cards. Codes are unique and compared
// upper-case. Spending is atomic: a one-time code or a gift-card balance can be
// reserved by exactly one open checkout, and a balance never goes below zero.
import 'server-only';
import { AppError } from '@/lib/domain/errors';
import { db, Prisma, type Voucher } from '@/lib/infra/db';
import { describeVoucher, isGiftCard, normalizeCode, voucherDiscountCents, voucherProblem } from './rules';

export {
  createVoucher,
  deleteVoucher,
  generateVoucherCode,
  listVouchers,
  setVoucherStatus,
  type NewVoucher,
  type Voucher,
  type VoucherListQuery,
} from './admin';
export { listCustomerVouchers } from './customer-vouchers';
export { describeVoucher, DISABLED_MESSAGE, formatPercent, isGiftCard, normalizeCode, voucherDiscountCents, voucherProblem, type VoucherRules } from './rules';

type Tx = Prisma.TransactionClient;

export async function findVoucher(code: string): Promise<Voucher | null> {
  const normalized = normalizeCode(code);
  if (!/^[A-Z0-9-]{4,40}$/.test(normalized)) return null;
  return db().voucher.findUnique({ where: { code: normalized } });
}

export type DiscountValidation = {
  valid: boolean;
  code: string;
  /** The total after the discount (docs/product.md §3's `value`); the discount itself when no subtotal was given. */
  valueCents: number;
  discountCents: number;
  description: string;
  message: string;
  /** A discount code with per-customer rules, asked about by a guest who gave no email: checkout will need one. */
  needsEmail?: boolean;
};

/** POST /validate-discount for a gift voucher: whether it applies, and what it does to `subtotalCents`. */
export function validateVoucher(voucher: Voucher, subtotalCents?: number): DiscountValidation {
  const problem = voucherProblem(voucher);
  if (problem) return { valid: false, code: voucher.code, valueCents: subtotalCents ?? 0, discountCents: 0, description: '', message: problem };
  const description = describeVoucher(voucher);
  if (subtotalCents === undefined) {
    const headline = voucher.type === 'percentage' ? 0 : ((isGiftCard(voucher) ? voucher.currentBalanceCents : voucher.valueCents) ?? 0);
    return { valid: true, code: voucher.code, valueCents: headline, discountCents: headline, description, message: 'Discount code applied' };
  }
  const discount = voucherDiscountCents(voucher, subtotalCents);
  return { valid: true, code: voucher.code, valueCents: subtotalCents - discount, discountCents: discount, description, message: 'Discount code applied' };
}

const SPENT = 'This discount code has already been used';

/**
 * The voucher row locked until the transaction ends, so a checkout prices its
 * discount on the balance it is about to draw. A voucher that stopped being
 * usable since it was first read is a 409 with the shopper's message.
 */
export async function lockUsableVoucher(tx: Tx, voucherId: string): Promise<Voucher> {
  await tx.$queryRaw`SELECT id FROM "Voucher" WHERE id = ${voucherId} FOR UPDATE`;
  const voucher = await tx.voucher.findUnique({ where: { id: voucherId } });
  const problem = voucher ? voucherProblem(voucher) : 'Invalid discount code';
  if (!voucher || problem) throw new AppError('conflict', problem ?? 'Invalid discount code');
  return voucher;
}

/**
 * Reserves `amountCents` of the voucher for an order inside the checkout's
 * transaction. The conditional UPDATE is the lock: of N concurrent checkouts
 * only those the row still allows succeed; the others get a clear 409.
 */
export async function reserveVoucher(tx: Tx, voucher: Voucher, orderId: string, amountCents: number): Promise<void> {
  const now = new Date();
  const live = { id: voucher.id, status: 'active', OR: [{ expiresAt: null }, { expiresAt: { gt: now } }] };
  if (isGiftCard(voucher)) {
    const drawn = await tx.voucher.updateMany({
      where: { ...live, currentBalanceCents: { gte: amountCents } },
      data: { currentBalanceCents: { decrement: amountCents } },
    });
    if (drawn.count !== 1) throw new AppError('conflict', 'This gift card no longer has enough balance');
    await tx.voucher.updateMany({ where: { id: voucher.id, currentBalanceCents: 0 }, data: { status: 'used', usedAt: now } });
  } else if (voucher.usageType === 'one_time') {
    const used = await tx.voucher.updateMany({ where: live, data: { status: 'used', usedAt: now } });
    if (used.count !== 1) throw new AppError('conflict', SPENT);
  } else {
    const still = await tx.voucher.count({ where: live });
    if (still !== 1) throw new AppError('conflict', 'Invalid discount code');
  }
  await tx.voucherRedemption.create({ data: { voucherId: voucher.id, orderId, amountCents } });
}

/** Gives a lapsed checkout's reservation back to the voucher. */
export async function releaseVoucher(tx: Tx, orderId: string): Promise<void> {
  // Deleting the reservation is the claim: a second release of it gives nothing back.
  const redemption = await tx.voucherRedemption.findUnique({ where: { orderId }, include: { voucher: true } });
  if (!redemption || redemption.confirmedAt) return;
  const claimed = await tx.voucherRedemption.deleteMany({ where: { id: redemption.id, confirmedAt: null } });
  if (claimed.count !== 1) return;
  const { voucher } = redemption;
  // Status changes are conditional on the row as it is now, not as read above:
  // an admin may have disabled the voucher, or another checkout spent it, meanwhile.
  if (isGiftCard(voucher)) {
    await tx.voucher.update({ where: { id: voucher.id }, data: { currentBalanceCents: { increment: redemption.amountCents } } });
    await tx.voucher.updateMany({ where: { id: voucher.id, status: 'used', currentBalanceCents: { gt: 0 } }, data: { status: 'active', usedAt: null } });
  } else if (voucher.usageType === 'one_time') {
    await tx.voucher.updateMany({ where: { id: voucher.id, status: 'used' }, data: { status: 'active', usedAt: null } });
  }
}

export async function confirmVoucher(tx: Tx, orderId: string): Promise<void> {
  await tx.voucherRedemption.updateMany({ where: { orderId, confirmedAt: null }, data: { confirmedAt: new Date() } });
}

/**
 * A refund gives back what a paid order drew from a gift card for the refunded
 * items (`amountCents`, at most what the order drew). Other vouchers have no
 * balance to return: a one-time code stays used. Returns the cents given back.
 */
export async function returnDrawnBalance(tx: Tx, orderId: string, amountCents: number): Promise<number> {
  if (amountCents <= 0) return 0;
  const redemption = await tx.voucherRedemption.findUnique({ where: { orderId }, include: { voucher: true } });
  if (!redemption?.confirmedAt || !isGiftCard(redemption.voucher)) return 0;
  const cents = Math.min(amountCents, redemption.amountCents);
  const { id } = redemption.voucher;
  await tx.voucher.update({ where: { id }, data: { currentBalanceCents: { increment: cents } } });
  // Conditional on the row as it is now: a disabled card stays disabled.
  await tx.voucher.updateMany({ where: { id, status: 'used', currentBalanceCents: { gt: 0 } }, data: { status: 'active', usedAt: null } });
  return cents;
}
