// Vouchers from the back office: created with a server-generated readable
// code (≈59 random bits) and emailed to the customer they belong to.
import 'server-only';
import { randomInt } from 'node:crypto';
import { recordAudit } from '@/lib/domain/audit';
import { AppError, invalid, notFound } from '@/lib/domain/errors';
import { env } from '@/lib/env';
import { dollarsToCents } from '@/lib/format';
import { db, escapeLike, Prisma, type Voucher } from '@/lib/infra/db';
import { sendEmail } from '@/lib/infra/email';
import { getShopName } from '@/lib/domain/shop-identity';
import { describeVoucher } from './rules';

export type { Voucher };

// No 0/O, 1/I/L, U: codes are read aloud and typed from emails.
const ALPHABET = 'ABCDEFGHJKMNPQRSTVWXYZ23456789';
const GROUPS = 3;
const GROUP_LENGTH = 4;

export function generateVoucherCode(): string {
  const groups = Array.from({ length: GROUPS }, () => Array.from({ length: GROUP_LENGTH }, () => ALPHABET[randomInt(ALPHABET.length)]).join(''));
  return groups.join('-');
}

export type NewVoucher = {
  customerEmail: string;
  type: 'percentage' | 'fixed_amount';
  /** Percent for percentage vouchers, dollars for fixed amounts. */
  value: number;
  usageType: 'reusable' | 'one_time';
  notes?: string;
};

export async function createVoucher(actor: string, input: NewVoucher): Promise<Voucher> {
  if (input.type === 'percentage' && !(input.value > 0 && input.value <= 100)) throw invalid('Percentage must be above 0 and at most 100');
  if (input.type === 'fixed_amount' && !(input.value > 0 && input.value <= 100_000)) throw invalid('Amount must be above 0');
  const cents = input.type === 'fixed_amount' ? dollarsToCents(input.value) : null;
  for (let attempt = 0; ; attempt++) {
    try {
      const voucher = await db().voucher.create({
        data: {
          code: generateVoucherCode(),
          customerEmail: input.customerEmail.trim().toLowerCase(),
          type: input.type,
          valueCents: cents,
          valueBasisPoints: input.type === 'percentage' ? Math.round(input.value * 100) : null,
          usageType: input.usageType,
          originalBalanceCents: cents,
          currentBalanceCents: cents,
          notes: input.notes?.trim().slice(0, 1000) ?? '',
        },
      });
      await recordAudit(db(), actor, 'voucher.create', voucher.id, { email: voucher.customerEmail, type: voucher.type });
      await emailVoucher(voucher, actor);
      return voucher;
    } catch (error) {
      // A code collision (≈1 in 10^17) just draws again.
      if ((error as { code?: string }).code !== 'P2002' || attempt >= 3) throw error;
    }
  }
}

async function emailVoucher(voucher: Voucher, actor: string) {
  const shopName = await getShopName();
  const subject = `Your ${shopName} gift voucher`;
  const site = env().SITE_URL.replace(/\/+$/, '');
  const text = [
    `You have a gift voucher from ${shopName}!`,
    '',
    `Code: ${voucher.code}`,
    `Value: ${describeVoucher(voucher)}${voucher.usageType === 'reusable' && voucher.type === 'fixed_amount' ? ' (use it across several orders until the balance runs out)' : ''}`,
    '',
    `Enter the code in your cart at ${site}/cart.`,
  ].join('\n');
  try {
    await sendEmail({ fromName: shopName, to: voucher.customerEmail, subject, text });
    await db().emailLog.create({ data: { kind: 'voucher', recipientEmail: voucher.customerEmail, subject, sentBy: actor } });
  } catch (error) {
    await db().emailLog.create({
      data: { kind: 'voucher', recipientEmail: voucher.customerEmail, subject, sentBy: actor, status: 'failed', error: String(error).slice(0, 500) },
    });
  }
}

export type VoucherListQuery = { search?: string; status?: 'active' | 'used' | 'disabled'; limit: number; offset: number };

/** One page of vouchers, newest first; `search` matches part of the code or the customer's email. */
export async function listVouchers(query: VoucherListQuery): Promise<{ items: Voucher[]; total: number }> {
  const where: Prisma.VoucherWhereInput = {};
  if (query.status) where.status = query.status;
  const search = query.search?.trim();
  if (search) {
    const pattern = escapeLike(search);
    where.OR = [{ code: { contains: pattern, mode: 'insensitive' } }, { customerEmail: { contains: pattern, mode: 'insensitive' } }];
  }
  const [rows, total] = await Promise.all([
    db().voucher.findMany({ where, orderBy: [{ createdAt: 'desc' }, { id: 'asc' }], take: query.limit, skip: query.offset }),
    db().voucher.count({ where }),
  ]);
  return { items: rows, total };
}

/**
 * Disables an active voucher or enables a disabled one. A spent voucher is
 * history (409); so is one an open checkout holds, which shows as used.
 */
export async function setVoucherStatus(actor: string, id: string, status: 'active' | 'disabled'): Promise<Voucher> {
  return db().$transaction(async (tx) => {
    // The same row lock a checkout takes, so a status change and a reservation never interleave.
    await tx.$queryRaw`SELECT id FROM "Voucher" WHERE id = ${id} FOR UPDATE`;
    const voucher = await tx.voucher.findUnique({ where: { id } });
    if (!voucher) throw notFound('Voucher not found');
    if (voucher.status === status) return voucher;
    if (voucher.status === 'used') throw new AppError('conflict', 'This voucher has been used and can no longer be changed');
    const updated = await tx.voucher.update({ where: { id }, data: { status } });
    await recordAudit(tx, actor, status === 'disabled' ? 'voucher.disable' : 'voucher.enable', id, { code: voucher.code });
    return updated;
  });
}

/** Deletes a voucher nobody has used; one with any order or reservation is kept (409), for the books. */
export async function deleteVoucher(actor: string, id: string): Promise<void> {
  await db().$transaction(async (tx) => {
    await tx.$queryRaw`SELECT id FROM "Voucher" WHERE id = ${id} FOR UPDATE`;
    const voucher = await tx.voucher.findUnique({ where: { id }, include: { _count: { select: { orders: true, redemptions: true } } } });
    if (!voucher) throw notFound('Voucher not found');
    if (voucher.status === 'used' || voucher._count.orders > 0 || voucher._count.redemptions > 0) {
      throw new AppError('conflict', 'This voucher has been used and cannot be deleted; disable it instead');
    }
    await tx.voucher.delete({ where: { id } });
    await recordAudit(tx, actor, 'voucher.delete', id, { code: voucher.code, email: voucher.customerEmail });
  });
}
