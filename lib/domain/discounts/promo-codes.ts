// The membership promo codes' own admin calls (/api/admin/promo-codes), kept
// for clients that use them: promo codes are now discount codes scoped to a
// membership's first period (Decision 090), and these read and write those.
import 'server-only';
import { recordAudit } from '@/lib/domain/audit';
import { invalid, notFound } from '@/lib/domain/errors';
import { db } from '@/lib/infra/db';
import { createDiscountCode } from './admin';

export type PromoCode = { code: string; description: string; percentOff: number; active: boolean; expiresAt: Date | null; createdAt: Date };

/** The membership codes a whole percentage describes (what a promo code was). */
export async function listPromoCodes(): Promise<PromoCode[]> {
  const rows = await db().discountCode.findMany({ where: { scope: 'membership', type: 'percentage' }, orderBy: [{ createdAt: 'desc' }, { id: 'asc' }] });
  return rows
    .filter((r) => (r.valueBasisPoints ?? 0) % 100 === 0)
    .map((r) => ({
      code: r.code,
      description: r.description,
      percentOff: (r.valueBasisPoints ?? 0) / 100,
      active: r.enabled,
      expiresAt: r.endsAt,
      createdAt: r.createdAt,
    }));
}

export async function createPromoCode(actor: string, input: { code: string; percentOff: number; description?: string; expiresAt?: Date | null }) {
  if (!(Number.isInteger(input.percentOff) && input.percentOff >= 1 && input.percentOff <= 100))
    throw invalid('Percent off must be a whole number from 1 to 100');
  const created = await createDiscountCode(actor, {
    code: input.code,
    type: 'percentage',
    value: input.percentOff,
    scope: 'membership',
    endsAt: input.expiresAt ?? null,
    description: input.description?.trim() ?? '',
  });
  return created.code;
}

/** Retired: the code is disabled, kept for the audit trail. */
export async function deactivatePromoCode(actor: string, code: string) {
  const updated = await db().discountCode.updateMany({
    where: { code: code.trim().toUpperCase(), scope: 'membership', enabled: true },
    data: { enabled: false },
  });
  if (updated.count !== 1) throw notFound('Promo code not found');
  await recordAudit(db(), actor, 'promo.deactivate', code);
}
