// The orders export (docs/product.md §3): one CSV row per order line under the
// Orders tab's filter, newest order first, streamed by keyset so a million
// lines never sit in memory (Decision 092).
import 'server-only';
import { getBusinessDetails } from '@/lib/domain/business';
import { csvStream } from '@/lib/domain/csv';
import { keysetBatches, keysetPage } from '@/lib/domain/keyset';
import { orderWhere, type OrderFilter } from '@/lib/domain/orders';
import { formatAmount } from '@/lib/format';
import { db, type Prisma } from '@/lib/infra/db';
import { PLANS } from '@/lib/shop';
import { lineMoney, lineStatus, type LineItem, type LineMoney } from './order-lines';

export const ORDERS_CSV_HEADER = [
  'date',
  'order',
  'customer',
  'product_id',
  'product',
  'tier',
  'price',
  'discount',
  'price_paid',
  'gst',
  'refunded',
  'status',
] as const;

type OrderLine = LineMoney & {
  createdAt: Date;
  sessionId: string;
  customerEmail: string | null;
  productId: string;
  product: string;
  tier: string;
  status: string;
};

const ORDER_SELECT = {
  id: true,
  sessionId: true,
  createdAt: true,
  customerEmail: true,
  amountCents: true,
  discountCents: true,
  status: true,
  fulfilledAt: true,
  planInterval: true,
  items: {
    orderBy: { title: 'asc' },
    select: {
      id: true,
      productId: true,
      title: true,
      priceCents: true,
      refundedAt: true,
      refund: { select: { source: true } },
      licenceTier: { select: { name: true } },
    },
  },
  // Money that went back: refunds once Stripe made them, and disputes the shop lost.
  refunds: { where: { status: 'succeeded' }, select: { amountCents: true, itemIds: true, source: true, disputeOutcome: true } },
} satisfies Prisma.OrderSelect;

type SelectedOrder = Prisma.OrderGetPayload<{ select: typeof ORDER_SELECT }>;

/** An order's lines: its items, or for a membership payment (no items) the plan. */
function linesOf(order: SelectedOrder, gstRegistered: boolean): OrderLine[] {
  const plan = order.items.length === 0 && order.planInterval ? PLANS[order.planInterval] : null;
  const named = plan
    ? [
        {
          id: order.id,
          productId: '',
          title: `${plan.name} membership`,
          priceCents: order.amountCents + order.discountCents,
          refundedAt: null,
          refund: null,
          licenceTier: null,
        },
      ]
    : order.items;
  const items: LineItem[] = named.map((i) => ({ id: i.id, priceCents: i.priceCents, refundedAt: i.refundedAt, refundSource: i.refund?.source ?? null }));
  const refunds = order.refunds.map((r) => ({ amountCents: r.amountCents, itemIds: r.itemIds, counts: r.source !== 'dispute' || r.disputeOutcome === 'lost' }));
  const money = lineMoney(order.amountCents, items, refunds, gstRegistered);
  return named.map((line, n) => {
    const m = money.get(line.id)!;
    return {
      createdAt: order.createdAt,
      sessionId: order.sessionId,
      customerEmail: order.customerEmail,
      productId: line.productId,
      product: line.title,
      tier: line.licenceTier?.name ?? '',
      ...m,
      status: lineStatus(order, items[n], m.refundedCents),
    };
  });
}

export function orderLineBatches(filter: Omit<OrderFilter, 'limit' | 'offset'>, gstRegistered: boolean): AsyncGenerator<OrderLine[]> {
  const where = orderWhere(filter);
  return keysetBatches(async (after, take) => {
    const orders = await db().order.findMany({ ...keysetPage(where, after, 'asc', take), select: ORDER_SELECT });
    return { keys: orders, rows: orders.flatMap((o) => linesOf(o, gstRegistered)) };
  });
}

export async function ordersCsv(filter: Omit<OrderFilter, 'limit' | 'offset'>): Promise<ReadableStream<Uint8Array>> {
  const { gstRegistered } = await getBusinessDetails();
  return csvStream(ORDERS_CSV_HEADER, orderLineBatches(filter, gstRegistered), (l) => [
    l.createdAt,
    l.sessionId,
    l.customerEmail,
    l.productId,
    l.product,
    l.tier,
    formatAmount(l.priceCents),
    formatAmount(l.discountCents),
    formatAmount(l.paidCents),
    formatAmount(l.gstCents),
    formatAmount(l.refundedCents),
    l.status,
  ]);
}
