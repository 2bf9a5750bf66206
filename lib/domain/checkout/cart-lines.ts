// The cart's lines as the database has them now: one request per product, the
// items that still exist, and the licence each line buys, priced (Decision 081).
// Shared by checkout and by the discount-code check, which prices the same way.
import 'server-only';
import { findBundleCredits, getBundleFloorPercent } from '@/lib/domain/bundle-credit';
import { invalid } from '@/lib/domain/errors';
import { findLicensedProducts, priceLicenceLines, type LicenceLineRequest } from '@/lib/domain/licences';
import type { Prisma } from '@/lib/infra/db';
import type { PricedProduct } from './pricing';

export const MAX_CART_ITEMS = 100;

type CartRequest = { productIds?: string[]; items?: LicenceLineRequest[] };
type Found = Awaited<ReturnType<typeof findLicensedProducts>>[number];

/** One request per product (the cart holds each once); the same product asked for two different ways is refused. */
function uniqueLines(request: CartRequest): LicenceLineRequest[] {
  const lines: LicenceLineRequest[] = request.items ?? (request.productIds ?? []).map((productId) => ({ productId }));
  const byId = new Map<string, LicenceLineRequest>();
  for (const line of lines) {
    const seen = byId.get(line.productId);
    const same = (a?: string | null, b?: string | null) => (a ?? null) === (b ?? null);
    if (seen && !(same(seen.licence, line.licence) && same(seen.upgradeLicenceId, line.upgradeLicenceId))) {
      throw invalid('Each product can be in the cart once, in one licence tier', { product_ids: [line.productId] });
    }
    byId.set(line.productId, seen ?? line);
  }
  return [...byId.values()];
}

/**
 * The requested items that exist, in cart order, with their requests. Checkout
 * refuses a cart with items gone (`refuseMissing`); a code check prices what is left.
 */
export async function findCartItems(request: CartRequest, options: { refuseMissing: boolean }): Promise<{ requests: LicenceLineRequest[]; ordered: Found[] }> {
  const wanted = uniqueLines(request);
  if (wanted.length === 0) throw invalid('Cart is empty');
  if (wanted.length > MAX_CART_ITEMS) throw invalid(`A cart holds at most ${MAX_CART_ITEMS} items`);
  const products = await findLicensedProducts(wanted.map((r) => r.productId));
  const missing = wanted.filter((r) => !products.some((p) => p.id === r.productId)).map((r) => r.productId);
  if (missing.length && options.refuseMissing) throw invalid('Some items in your cart are no longer available', { product_ids: missing });
  const requests = wanted.filter((r) => !missing.includes(r.productId));
  return { requests, ordered: requests.map((r) => products.find((p) => p.id === r.productId)!) };
}

/** Each item with the licence its line buys, priced at `now` for this buyer. */
export async function licenseCartItems(
  ordered: Found[],
  requests: LicenceLineRequest[],
  context: { userId: string | null; member: boolean; now: Date },
): Promise<PricedProduct[]> {
  const licences = await priceLicenceLines(ordered, requests, context);
  return ordered.map((p, i) => ({ ...p, licence: licences[i] }));
}

/**
 * The bundles' credit for a signed-in buyer (Decision 094), worked out here and
 * never taken from the client; a visitor's items come back as they were.
 * Checkout passes its transaction and `lock`, so the credit is what the lines
 * say while the order is priced.
 */
export async function creditCartItems(
  client: Prisma.TransactionClient,
  items: PricedProduct[],
  userId: string | null,
  options: { lock: boolean },
): Promise<PricedProduct[]> {
  const bundleIds = items.filter((p) => p.isBundle).map((p) => p.id);
  if (!userId || bundleIds.length === 0) return items;
  const [credits, floorPercent] = await Promise.all([findBundleCredits(client, userId, bundleIds, options), getBundleFloorPercent(client)]);
  return items.map((p) => {
    const credit = credits.get(p.id);
    return credit && credit.creditCents > 0 ? { ...p, bundleCredit: { creditCents: credit.creditCents, floorPercent } } : p;
  });
}
