// A free product's order (Decision 095): a normal order of kind `free`, for an
// address proven by its emailed link, priced like any cart line (the item's
// default licence tier) so it owns a licence, an invoice and a place in My
// Orders. Written inside the caller's transaction, with the link's use.
import 'server-only';
import { AppError } from '@/lib/domain/errors';
import { newOrderId } from '@/lib/domain/orders';
import { Prisma } from '@/lib/infra/db';
import { randomSessionId } from '@/lib/infra/payments';
import { findCartItems, licenseCartItems } from './cart-lines';
import { priceCart, type CartLine } from './pricing';

/** Free: what it costs in its default licence tier today is $0. A sale never makes a product free. */
export const isFreeProduct = (product: { priceCents: number }) => product.priceCents === 0;

export type FreeOrderRequest = { email: string; name: string; userId: string | null };
export type FreeOrderLines = CartLine[];

/**
 * The product's line in its default licence tier, priced now; refused when it
 * is no longer free. Read before the transaction that writes the order, so
 * that transaction holds its connection only for writes.
 */
export async function priceFreeOrder(productId: string, userId: string | null): Promise<FreeOrderLines> {
  const { requests, ordered } = await findCartItems({ productIds: [productId] }, { refuseMissing: false });
  const now = new Date();
  const licensed = await licenseCartItems(ordered, requests, { userId, member: false, now });
  const priced = priceCart(licensed, { now });
  if (ordered.length !== 1 || !isFreeProduct(ordered[0]) || priced.totalCents !== 0) {
    throw new AppError('conflict', 'This product is no longer a free download. Its page shows how to get it.');
  }
  return priced.lines;
}

/** Opens the order in `tx` (fulfilment, which issues the licence and invoice, follows the commit); its session id. */
export async function createFreeOrderIn(tx: Prisma.TransactionClient, lines: FreeOrderLines, request: FreeOrderRequest): Promise<string> {
  const sessionId = randomSessionId('cs_free_');
  await tx.order.create({
    data: {
      id: newOrderId(),
      sessionId,
      kind: 'free',
      userId: request.userId,
      customerEmail: request.email,
      subtotalCents: 0,
      amountCents: 0,
      holderName: request.name,
      items: {
        create: lines.map((l) => ({
          productId: l.productId,
          title: l.title,
          isBundle: l.isBundle,
          priceCents: 0,
          memberDiscountCents: 0,
          licenceTierId: l.licence?.tierId,
          termsVersion: l.licence?.termsVersion,
        })),
      },
    },
  });
  return sessionId;
}
