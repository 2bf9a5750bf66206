// The "how are your designs?" email (Decision 086), sent by the delayed job
// that fulfilment queued: once per order, to a customer account, never once
// any item of the order was refunded or disputed, never to a customer who
// turned review requests off, and only while the owner keeps them on. It
// links each item the customer has not reviewed yet.
import 'server-only';
import { isSubscribed, sendMarketingEmail } from '@/lib/domain/marketing';
import { getReviewRequestSettings, PAID_STATUSES } from '@/lib/domain/reviews';
import { env } from '@/lib/env';
import { db } from '@/lib/infra/db';
import { formatDate } from '@/lib/format';
import { getShopName } from '@/lib/domain/shop-identity';

const isUniqueViolation = (error: unknown) => (error as { code?: string }).code === 'P2002';

/** The items worth asking about, or null when this order gets no request at all. */
async function requestFor(orderId: string) {
  const order = await db().order.findUnique({
    where: { id: orderId },
    include: { items: { include: { product: { select: { deletedAt: true } } } }, user: { select: { id: true, name: true, email: true } } },
  });
  if (!order?.user || !order.fulfilledAt || !PAID_STATUSES.includes(order.paymentStatus)) return null;
  if (order.items.some((item) => item.refundedAt || item.refundId)) return null;
  const reviewed = await db().review.findMany({
    where: { userId: order.user.id, productId: { in: order.items.map((i) => i.productId) } },
    select: { productId: true },
  });
  const done = new Set(reviewed.map((r) => r.productId));
  const items = order.items.filter((item) => !item.product.deletedAt && !done.has(item.productId));
  return items.length > 0 ? { order, user: order.user, items } : null;
}

export async function sendReviewRequest(orderId: string): Promise<void> {
  if (!(await getReviewRequestSettings()).enabled) return;
  const request = await requestFor(orderId);
  if (!request || !(await isSubscribed(request.user.id, 'review_requests'))) return;
  // Claimed before sending: a job that runs again after a send never sends twice.
  try {
    await db().reviewRequest.create({ data: { orderId } });
  } catch (error) {
    if (isUniqueViolation(error)) return;
    throw error;
  }
  const site = env().SITE_URL.replace(/\/+$/, '');
  const firstName = request.user.name.trim().split(/\s+/)[0] || 'there';
  try {
    await sendMarketingEmail({
      userId: request.user.id,
      to: request.user.email,
      category: 'review_requests',
      subject: `How are your designs from ${await getShopName()}?`,
      lines: [
        `Hi ${firstName},`,
        '',
        `Thank you for your order of ${formatDate(request.order.createdAt)}. Would you tell other shoppers what you think? A review takes a minute:`,
        '',
        ...request.items.map((item) => `  ${item.title}: ${site}/product/${item.productId}#reviews`),
      ],
    });
  } catch (error) {
    // Not sent: free the claim so the job's retry can send it.
    await db()
      .reviewRequest.delete({ where: { orderId } })
      .catch(() => undefined);
    throw error;
  }
}
