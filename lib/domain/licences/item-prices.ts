// One item's licence settings from the back office (PUT /api/products/{id},
// /api/bundles/{id} with licence_prices): a price of its own per tier, the
// tier's rule again (null), or the tier switched off (false). Runs inside the
// item's edit transaction so the edit lands whole or not at all.
import 'server-only';
import { invalid } from '@/lib/domain/errors';
import type { Prisma } from '@/lib/infra/db';

/** Per tier key: whole cents, null for the tier's rule, false for not sold with this item. */
export type ItemLicencePrices = Record<string, number | null | false>;

export async function setItemLicencePrices(tx: Prisma.TransactionClient, productId: string, prices: ItemLicencePrices): Promise<void> {
  const tiers = await tx.licenceTier.findMany({ select: { id: true, key: true, retiredAt: true } });
  for (const [key, value] of Object.entries(prices)) {
    const tier = tiers.find((t) => t.key === key);
    if (!tier) throw invalid(`Unknown licence tier: ${key}`, { licence_prices: [`Unknown licence tier: ${key}`] });
    if (typeof value === 'number' && value < 0) throw invalid('A licence price must be 0 or more', { licence_prices: ['A licence price must be 0 or more'] });
    const where = { productId_tierId: { productId, tierId: tier.id } };
    if (value === null) {
      await tx.licencePrice.deleteMany({ where: { productId, tierId: tier.id } });
    } else {
      const data = value === false ? { priceCents: null, offered: false } : { priceCents: value, offered: true };
      await tx.licencePrice.upsert({ where, create: { productId, tierId: tier.id, ...data }, update: data });
    }
  }
  const off = new Set((await tx.licencePrice.findMany({ where: { productId, offered: false }, select: { tierId: true } })).map((p) => p.tierId));
  if (!tiers.some((t) => t.retiredAt === null && !off.has(t.id))) {
    throw invalid('At least one licence tier must stay on sale for this item', { licence_prices: ['At least one licence tier must stay on sale'] });
  }
}
