// "On sale from your wishlist" (Decision 086): a daily cron picks every
// customer with a saved product on a sale they have not seen and queues one
// job each, keyed by customer and day; the job sends one digest listing those
// products and marks their sales seen. At most one email a day: the day's
// WishlistDigest row is claimed before sending.
import 'server-only';
import { enqueue, kickJobs } from '@/lib/domain/jobs';
import { isSubscribed, receivesSql, sendMarketingEmail } from '@/lib/domain/marketing';
import { priceDisplay } from '@/lib/domain/pricing';
import { env } from '@/lib/env';
import { db, Prisma } from '@/lib/infra/db';
import { retryWhileUnavailable } from '@/lib/infra/db/unavailable';
import { formatAud, formatDate, shopDay } from '@/lib/format';
import { saleActiveSql, saleKeyAt, saleKeySql } from './sale-key';

export const WISHLIST_DIGEST_JOB = 'wishlist-sale-digest';
export const WISHLIST_ALERT_JOB = 'wishlist-sale-alert';
/** 21:00 UTC: 7 or 8 in the morning in Sydney. */
export const WISHLIST_DIGEST_CRON = '0 21 * * *';
const ENQUEUE_CHUNK = 500;

const isUniqueViolation = (error: unknown) => (error as { code?: string }).code === 'P2002';

/** The cron job: queues today's alert for each customer who has one coming; how many were queued. */
export async function queueSaleAlerts(now = new Date()): Promise<number> {
  const day = shopDay(now);
  const rows = await db().$queryRaw<{ userId: string }[]>`
    SELECT DISTINCT w."userId" FROM "WishlistItem" w JOIN "Product" p ON p.id = w."productId"
    WHERE p."deletedAt" IS NULL AND ${saleActiveSql(now)} AND w."saleSeen" IS DISTINCT FROM ${saleKeySql}
      AND ${receivesSql(Prisma.sql`w."userId"`, 'wishlist_alerts')}
      AND NOT EXISTS (SELECT 1 FROM "WishlistDigest" d WHERE d."userId" = w."userId" AND d.day = ${day})`;
  for (let at = 0; at < rows.length; at += ENQUEUE_CHUNK) {
    await db().$transaction(async (tx) => {
      for (const { userId } of rows.slice(at, at + ENQUEUE_CHUNK)) await enqueue(tx, WISHLIST_ALERT_JOB, { userId, day }, { key: `${userId}:${day}` });
    });
  }
  if (rows.length > 0) kickJobs();
  return rows.length;
}

/** One customer's digest for `day`: sent at most once, only with sales not seen yet, only while they receive these. */
export async function sendSaleAlert(userId: string, day: string, now = new Date()): Promise<void> {
  const user = await db().user.findUnique({ where: { id: userId }, select: { email: true, name: true } });
  if (!user || !(await isSubscribed(userId, 'wishlist_alerts'))) return;
  const saved = await db().wishlistItem.findMany({
    where: { userId, product: { deletedAt: null, onSale: true } },
    orderBy: { createdAt: 'desc' },
    include: { product: { select: { id: true, title: true, priceCents: true, onSale: true, salePriceCents: true, saleStart: true, saleEnd: true } } },
  });
  const fresh = saved.flatMap((row) => {
    const key = saleKeyAt(row.product, now);
    return key && key !== row.saleSeen ? [{ product: row.product, key }] : [];
  });
  if (fresh.length === 0) return;
  try {
    await db().wishlistDigest.create({ data: { userId, day, productIds: fresh.map((f) => f.product.id) } });
  } catch (error) {
    if (isUniqueViolation(error)) return;
    throw error;
  }
  const site = env().SITE_URL.replace(/\/+$/, '');
  const [first] = fresh;
  const subject = fresh.length === 1 ? `On sale from your wishlist: ${first.product.title}` : `${fresh.length} products from your wishlist are on sale`;
  try {
    await sendMarketingEmail({
      userId,
      to: user.email,
      category: 'wishlist_alerts',
      subject,
      lines: [
        `Good news: ${fresh.length === 1 ? 'a product you saved is' : 'products you saved are'} on sale.`,
        '',
        ...fresh.flatMap(({ product }) => {
          const price = priceDisplay(product, now);
          const until = product.saleEnd ? ` until ${formatDate(product.saleEnd)}` : '';
          return [
            `  ${product.title}: ${formatAud(price.priceCents)} (was ${formatAud(price.regularPriceCents)})${until}`,
            `  ${site}/product/${product.id}`,
            '',
          ];
        }),
        `Your wishlist: ${site}/my-wishlist`,
      ],
    });
  } catch (error) {
    // Not sent: free the day so the job's retry can send it.
    await db()
      .wishlistDigest.delete({ where: { userId_day: { userId, day } } })
      .catch(() => undefined);
    throw error;
  }
  // Sent: the sales must read as seen even if Postgres is away right now, or tomorrow would repeat them.
  await retryWhileUnavailable(() =>
    db().$transaction(
      fresh.map(({ product, key }) => db().wishlistItem.update({ where: { userId_productId: { userId, productId: product.id } }, data: { saleSeen: key } })),
    ),
  );
}
