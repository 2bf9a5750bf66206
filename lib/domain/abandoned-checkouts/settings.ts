// The owner's choice for recovery emails (Decision 096): on or off, how many
// hours after an unpaid card checkout, and an optional discount code.
import 'server-only';
import { z } from 'zod';
import { recordAudit } from '@/lib/domain/audit';
import { invalid } from '@/lib/domain/errors';
import { db } from '@/lib/infra/db';

const SETTINGS_KEY = 'abandoned_checkout';
export const MAX_RECOVERY_DELAY_HOURS = 72;

export type AbandonedCheckoutSettings = { enabled: boolean; delayHours: number; discountCodeId: string | null };
export const DEFAULT_ABANDONED_CHECKOUT: AbandonedCheckoutSettings = { enabled: true, delayHours: 1, discountCodeId: null };

const stored = z.object({ enabled: z.boolean(), delayHours: z.number().int().min(1).max(MAX_RECOVERY_DELAY_HOURS), discountCodeId: z.string().nullable() });

export async function getAbandonedCheckoutSettings(): Promise<AbandonedCheckoutSettings> {
  const row = await db().setting.findUnique({ where: { key: SETTINGS_KEY } });
  if (!row) return DEFAULT_ABANDONED_CHECKOUT;
  try {
    const parsed = stored.safeParse(JSON.parse(row.value));
    return parsed.success ? parsed.data : DEFAULT_ABANDONED_CHECKOUT;
  } catch {
    return DEFAULT_ABANDONED_CHECKOUT;
  }
}

/** The code must be an existing one for carts (a membership code would not apply to a restored cart). */
export async function saveAbandonedCheckoutSettings(actor: string, settings: AbandonedCheckoutSettings): Promise<AbandonedCheckoutSettings> {
  const value = JSON.stringify(stored.parse(settings));
  await db().$transaction(async (tx) => {
    if (settings.discountCodeId) {
      const code = await tx.discountCode.findUnique({ where: { id: settings.discountCodeId }, select: { scope: true } });
      if (!code || code.scope === 'membership')
        throw invalid('Choose an existing discount code for carts', { discount_code_id: ['Choose an existing discount code for carts'] });
    }
    await tx.setting.upsert({ where: { key: SETTINGS_KEY }, create: { key: SETTINGS_KEY, value }, update: { value } });
    await recordAudit(tx, actor, 'settings.abandoned_checkout', null, settings);
  });
  return settings;
}
