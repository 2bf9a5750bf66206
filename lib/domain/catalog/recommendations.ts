// What to offer beside a product (Decision 089): what its buyers bought with it
// most often (the co-purchase table, kept by the order-insights job), then the
// newest products of its category sharing a tag, then the newest of its
// category (or, without one, sharing a tag). Never the product itself, never
// a deleted one. The same for every visitor, so it can be cached: what a
// visitor has in the cart or owns is left out in the browser.
import 'server-only';
import { db, type Prisma } from '@/lib/infra/db';

/** Ids offered per product: more than a strip shows, so some are left after the browser's filtering. */
export const RECOMMENDED_COUNT = 8;

export async function listRecommendedIds(productId: string, count = RECOMMENDED_COUNT): Promise<string[]> {
  const item = await db().product.findFirst({ where: { id: productId, deletedAt: null }, select: { categoryId: true, tags: true } });
  if (!item) return [];
  const bought = await db().coPurchase.findMany({
    where: { productId, other: { deletedAt: null } },
    orderBy: [{ count: 'desc' }, { otherId: 'asc' }],
    take: count,
    select: { otherId: true },
  });
  const ids = bought.map((b) => b.otherId);
  const alike: Prisma.ProductWhereInput[] = [];
  if (item.categoryId && item.tags.length > 0) alike.push({ categoryId: item.categoryId, tags: { hasSome: item.tags } });
  if (item.categoryId) alike.push({ categoryId: item.categoryId });
  else if (item.tags.length > 0) alike.push({ tags: { hasSome: item.tags } });
  for (const where of alike) {
    if (ids.length >= count) break;
    const rows = await db().product.findMany({
      where: { ...where, deletedAt: null, id: { notIn: [productId, ...ids] } },
      // Read in the (category,) createdAt index's order: stops after a handful of rows.
      orderBy: [{ createdAt: 'desc' }, { id: 'asc' }],
      take: count - ids.length,
      select: { id: true },
    });
    ids.push(...rows.map((r) => r.id));
  }
  return ids;
}

/**
 * Recommendations for several products at once (a cart, an order): each one's
 * list, merged by rank (an item offered first for any of them comes first),
 * without the products asked about.
 */
export function mergeRecommendations(lists: string[][], exclude: Iterable<string>, count: number): string[] {
  const left = new Set(exclude);
  const best = new Map<string, number>();
  lists.forEach((list) =>
    list.forEach((id, rank) => {
      if (!left.has(id)) best.set(id, Math.min(best.get(id) ?? Infinity, rank));
    }),
  );
  return [...best]
    .sort((a, b) => a[1] - b[1])
    .map(([id]) => id)
    .slice(0, count);
}
