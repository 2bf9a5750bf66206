// Discount codes from the back office: made, changed, switched off and deleted
// (Decision 090). A code any order used is kept for the books: deleting it
// disables it instead, and its text can no longer change.
import 'server-only';
import { recordAudit } from '@/lib/domain/audit';
import { AppError, invalid, notFound } from '@/lib/domain/errors';
import { generateVoucherCode, normalizeCode } from '@/lib/domain/vouchers';
import { dollarsToCents } from '@/lib/format';
import { db, Prisma, type DiscountCode } from '@/lib/infra/db';
import { CODE_PATTERN, type DiscountScope } from './rules';

/** What the owner sets; `value` is a percent or dollars, money otherwise in cents. Absent fields keep their value on update. */
export type DiscountCodeInput = {
  code?: string;
  type?: 'percentage' | 'fixed_amount';
  value?: number;
  scope?: DiscountScope;
  categoryIds?: string[];
  productIds?: string[];
  startsAt?: Date | null;
  endsAt?: Date | null;
  maxUses?: number | null;
  maxUsesPerCustomer?: number | null;
  minSubtotalCents?: number | null;
  newCustomersOnly?: boolean;
  appliesToSaleItems?: boolean;
  enabled?: boolean;
  description?: string;
};

type Row = Omit<DiscountCode, 'id' | 'uses' | 'createdAt' | 'updatedAt'>;

const DEFAULTS: Row = {
  code: '',
  type: 'percentage',
  valueBasisPoints: null,
  valueCents: null,
  scope: 'cart',
  categoryIds: [],
  productIds: [],
  startsAt: null,
  endsAt: null,
  maxUses: null,
  maxUsesPerCustomer: null,
  minSubtotalCents: null,
  newCustomersOnly: false,
  appliesToSaleItems: false,
  enabled: true,
  description: '',
};

const unique = (ids: string[]) => [...new Set(ids)];

/** The row `input` makes of `current`, checked as a whole: what a field means depends on the others. */
async function merge(current: Row, input: DiscountCodeInput): Promise<Row> {
  const type = input.type ?? current.type;
  const row: Row = {
    ...current,
    type,
    scope: input.scope ?? current.scope,
    categoryIds: unique(input.categoryIds ?? current.categoryIds),
    productIds: unique(input.productIds ?? current.productIds),
    startsAt: input.startsAt !== undefined ? input.startsAt : current.startsAt,
    endsAt: input.endsAt !== undefined ? input.endsAt : current.endsAt,
    maxUses: input.maxUses !== undefined ? input.maxUses : current.maxUses,
    maxUsesPerCustomer: input.maxUsesPerCustomer !== undefined ? input.maxUsesPerCustomer : current.maxUsesPerCustomer,
    minSubtotalCents: input.minSubtotalCents !== undefined ? input.minSubtotalCents : current.minSubtotalCents,
    newCustomersOnly: input.newCustomersOnly ?? current.newCustomersOnly,
    appliesToSaleItems: input.appliesToSaleItems ?? current.appliesToSaleItems,
    enabled: input.enabled ?? current.enabled,
    description: input.description ?? current.description,
  };
  if (input.value !== undefined || input.type !== undefined) {
    const value = input.value ?? (current.type === 'percentage' ? (current.valueBasisPoints ?? 0) / 100 : (current.valueCents ?? 0) / 100);
    if (type === 'percentage' && !(value > 0 && value <= 100)) throw invalid('Percentage must be above 0 and at most 100', { value: ['Above 0, at most 100'] });
    if (type === 'fixed_amount' && !(value > 0)) throw invalid('Amount must be above 0', { value: ['Above 0'] });
    row.valueBasisPoints = type === 'percentage' ? Math.round(value * 100) : null;
    row.valueCents = type === 'fixed_amount' ? dollarsToCents(value) : null;
  }
  if (row.startsAt && row.endsAt && row.endsAt <= row.startsAt) throw invalid('The end must be after the start', { ends_at: ['After the start'] });
  // Only what the scope reads is kept, so a code never carries a rule that silently does nothing.
  if (row.scope !== 'categories') row.categoryIds = [];
  if (row.scope !== 'products') row.productIds = [];
  if (row.scope === 'membership') {
    row.minSubtotalCents = null;
    row.appliesToSaleItems = false;
  }
  if (row.scope === 'categories') {
    if (row.categoryIds.length === 0) throw invalid('Choose at least one category', { category_ids: ['Required'] });
    const found = await db().category.count({ where: { id: { in: row.categoryIds } } });
    if (found !== row.categoryIds.length) throw invalid('Some categories no longer exist', { category_ids: ['Unknown category'] });
  }
  if (row.scope === 'products') {
    if (row.productIds.length === 0) throw invalid('Choose at least one product or bundle', { product_ids: ['Required'] });
    const found = await db().product.count({ where: { id: { in: row.productIds }, deletedAt: null } });
    if (found !== row.productIds.length) throw invalid('Some products no longer exist', { product_ids: ['Unknown product'] });
  }
  return row;
}

/** A chosen code, upper-cased; or, when none is given, a generated one in the gift vouchers' unguessable format. */
async function chooseCode(code: string | undefined): Promise<{ code: string; generated: boolean }> {
  const chosen = normalizeCode(code ?? '');
  if (!chosen) return { code: generateVoucherCode(), generated: true };
  if (!CODE_PATTERN.test(chosen)) throw invalid('Use 3–40 letters, digits or dashes for the code', { code: ['3–40 letters, digits or dashes'] });
  return { code: chosen, generated: false };
}

/** One code across discount codes and gift vouchers: the cart looks a code up in both. */
async function refuseTaken(code: string, exceptId?: string): Promise<void> {
  const [voucher, discount] = await Promise.all([
    db().voucher.findUnique({ where: { code }, select: { id: true } }),
    db().discountCode.findUnique({ where: { code }, select: { id: true } }),
  ]);
  if (voucher || (discount && discount.id !== exceptId)) throw new AppError('conflict', 'This discount code already exists', { code: ['Already taken'] });
}

const isUniqueViolation = (error: unknown) => (error as { code?: string }).code === 'P2002';

export async function createDiscountCode(actor: string, input: DiscountCodeInput): Promise<DiscountCode> {
  const row = await merge(DEFAULTS, { ...input, type: input.type ?? 'percentage' });
  for (let attempt = 0; ; attempt++) {
    const { code, generated } = await chooseCode(input.code);
    await refuseTaken(code);
    try {
      const created = await db().discountCode.create({ data: { ...row, code } });
      await recordAudit(db(), actor, 'discount.create', created.id, { code, scope: created.scope });
      return created;
    } catch (error) {
      // Two creates of one chosen code: the second is told; a generated one draws again.
      if (!isUniqueViolation(error)) throw error;
      if (!generated || attempt >= 3) throw new AppError('conflict', 'This discount code already exists', { code: ['Already taken'] });
    }
  }
}

/** Whether any order (paid, open or lapsed) ever used the code: such a code is history. */
async function isUsed(client: Prisma.TransactionClient, id: string): Promise<boolean> {
  const [orders, redemptions] = await Promise.all([
    client.order.count({ where: { discountCodeId: id } }),
    client.discountRedemption.count({ where: { discountCodeId: id } }),
  ]);
  return orders + redemptions > 0;
}

export async function updateDiscountCode(actor: string, id: string, input: DiscountCodeInput): Promise<DiscountCode> {
  const current = await db().discountCode.findUnique({ where: { id } });
  if (!current) throw notFound('Discount code not found');
  const row = await merge(current, input);
  const code = input.code?.trim() ? (await chooseCode(input.code)).code : current.code;
  if (code !== current.code) await refuseTaken(code, id);
  return db().$transaction(async (tx) => {
    // The lock checkouts take, so a change and a checkout's use never interleave.
    await tx.$queryRaw`SELECT id FROM "DiscountCode" WHERE id = ${id} FOR UPDATE`;
    if (code !== current.code && (await isUsed(tx, id))) {
      throw new AppError('conflict', 'This discount code has been used, so its code cannot change', { code: ['Used codes keep their code'] });
    }
    const { code: _unused, ...rest } = row;
    try {
      const updated = await tx.discountCode.update({ where: { id }, data: { ...rest, code } });
      await recordAudit(tx, actor, 'discount.update', id, { code, changed: Object.keys(input) });
      return updated;
    } catch (error) {
      if (isUniqueViolation(error)) throw new AppError('conflict', 'This discount code already exists', { code: ['Already taken'] });
      throw error;
    }
  });
}

/** Deletes a code no order ever used; a used one is kept and disabled (returns deleted: false). */
export async function deleteDiscountCode(actor: string, id: string): Promise<{ deleted: boolean; code: string }> {
  return db().$transaction(async (tx) => {
    await tx.$queryRaw`SELECT id FROM "DiscountCode" WHERE id = ${id} FOR UPDATE`;
    const current = await tx.discountCode.findUnique({ where: { id } });
    if (!current) throw notFound('Discount code not found');
    if (await isUsed(tx, id)) {
      await tx.discountCode.update({ where: { id }, data: { enabled: false } });
      await recordAudit(tx, actor, 'discount.disable', id, { code: current.code, reason: 'delete of a used code' });
      return { deleted: false, code: current.code };
    }
    await tx.discountCode.delete({ where: { id } });
    await recordAudit(tx, actor, 'discount.delete', id, { code: current.code });
    return { deleted: true, code: current.code };
  });
}
