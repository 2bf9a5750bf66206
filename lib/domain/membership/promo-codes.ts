// Membership promotion codes (the page's `test_code`): only codes configured
// here grant anything (docs/security.md S9), as a percentage off the first period.
import 'server-only';
import { recordAudit } from '@/lib/domain/audit';
import { AppError, invalid, notFound } from '@/lib/domain/errors';
import { db } from '@/lib/infra/db';

export type PromoCode = { code: string; description: string; percentOff: number; active: boolean; expiresAt: Date | null; createdAt: Date };

export async function listPromoCodes(): Promise<PromoCode[]> {
  return db().promoCode.findMany({
    orderBy: { createdAt: 'desc' },
    select: { code: true, description: true, percentOff: true, active: true, expiresAt: true, createdAt: true },
  });
}

export async function createPromoCode(actor: string, input: { code: string; percentOff: number; description?: string; expiresAt?: Date | null }) {
  const code = input.code.trim().toUpperCase();
  if (!/^[A-Z0-9-]{3,40}$/.test(code)) throw invalid('Use 3–40 letters, digits or dashes for the code');
  if (!(Number.isInteger(input.percentOff) && input.percentOff >= 1 && input.percentOff <= 100))
    throw invalid('Percent off must be a whole number from 1 to 100');
  try {
    await db().promoCode.create({
      data: { code, percentOff: input.percentOff, description: input.description?.trim() ?? '', expiresAt: input.expiresAt ?? null },
    });
  } catch (error) {
    if ((error as { code?: string }).code === 'P2002') throw new AppError('conflict', 'This promo code already exists');
    throw error;
  }
  await recordAudit(db(), actor, 'promo.create', code, { percentOff: input.percentOff });
}

/** Retired rather than deleted, so the audit trail keeps its meaning. */
export async function deactivatePromoCode(actor: string, code: string) {
  const updated = await db().promoCode.updateMany({ where: { code: code.toUpperCase(), active: true }, data: { active: false } });
  if (updated.count !== 1) throw notFound('Promo code not found');
  await recordAudit(db(), actor, 'promo.deactivate', code);
}

/** A promotion code the admin configured (docs/security.md S9); unknown codes are refused, never ignored. */
export async function promoPercentOff(code: string | null | undefined): Promise<number> {
  const normalized = code?.trim().toUpperCase();
  if (!normalized) return 0;
  const promo = await db().promoCode.findUnique({ where: { code: normalized } });
  if (!promo || !promo.active || (promo.expiresAt && promo.expiresAt <= new Date())) throw invalid('Invalid promo code');
  return Math.min(Math.max(promo.percentOff, 1), 100);
}
