// Abandoned checkout recovery (issue #29 §5, Decision 096). A cron job finds
// card checkouts opened by signed-in customers who consented to the
// newsletter, unpaid for the owner's delay and not superseded by a later
// checkout, and sends each one email with a link that restores that cart
// (and the owner's code, while it can be used). One per order: the
// AbandonedCheckoutEmail row is claimed before sending. None when the customer
// owns every item now, or has unsubscribed, checked right before sending.
import 'server-only';
import { codeProblem, describeDiscount } from '@/lib/domain/discounts';
import { hasNewsletterConsent, newsletterAudienceSql, sendMarketingEmail } from '@/lib/domain/marketing';
import { getShopName } from '@/lib/domain/shop-identity';
import { env } from '@/lib/env';
import { db, Prisma } from '@/lib/infra/db';
import { formatAud } from '@/lib/format';
import { recoverableLines } from './cart-lines';
import { cartRestoreToken } from './restore-token';
import { getAbandonedCheckoutSettings } from './settings';

export const ABANDONED_CHECKOUT_JOB = 'abandoned-checkout-emails';
export const ABANDONED_CHECKOUT_CRON = '*/10 * * * *';
/** Older checkouts are left alone: turning recovery on must not email about last year's carts. */
const LOOK_BACK_DAYS = 7;
const BATCH = 200;
const HOUR_MS = 3_600_000;

const isUniqueViolation = (error: unknown) => (error as { code?: string }).code === 'P2002';

/** The orders due a reminder at `now`. */
async function dueOrders(delayHours: number, now: Date): Promise<{ id: string; userId: string }[]> {
  const openedBefore = new Date(now.getTime() - delayHours * HOUR_MS);
  const openedAfter = new Date(now.getTime() - LOOK_BACK_DAYS * 24 * HOUR_MS);
  return db().$queryRaw<{ id: string; userId: string }[]>`
    SELECT o.id, o."userId" FROM "Order" o JOIN "User" u ON u.id = o."userId"
    WHERE o.kind = 'payment' AND o."paymentStatus" = 'unpaid' AND o."fulfilledAt" IS NULL AND o.status IN ('open', 'expired')
      AND o."createdAt" <= ${openedBefore} AND o."createdAt" > ${openedAfter}
      AND u."anonymisedAt" IS NULL AND u."blockedAt" IS NULL
      AND ${newsletterAudienceSql(Prisma.sql`o."userId"`)}
      AND NOT EXISTS (SELECT 1 FROM "AbandonedCheckoutEmail" a WHERE a."orderId" = o.id)
      AND NOT EXISTS (SELECT 1 FROM "Order" later WHERE later."userId" = o."userId" AND later.kind = 'payment' AND later."createdAt" > o."createdAt")
    ORDER BY o."createdAt" LIMIT ${BATCH}`;
}

/** The owner's code as a line of the email, while it can still be used. */
async function codeLine(discountCodeId: string | null, now: Date): Promise<string[]> {
  if (!discountCodeId) return [];
  const code = await db().discountCode.findUnique({ where: { id: discountCodeId } });
  if (!code || codeProblem(code, now)) return [];
  return ['', `Use the code ${code.code} at checkout: ${describeDiscount(code)}.`];
}

/** The cron job: sends every reminder due; how many it sent. Off: none. */
export async function sendAbandonedCheckoutEmails(now = new Date()): Promise<number> {
  const settings = await getAbandonedCheckoutSettings();
  if (!settings.enabled) return 0;
  const orders = await dueOrders(settings.delayHours, now);
  const code = await codeLine(settings.discountCodeId, now);
  let sent = 0;
  for (const order of orders) if (await remind(order.id, order.userId, code, now)) sent += 1;
  return sent;
}

async function remind(orderId: string, userId: string, code: string[], now: Date): Promise<boolean> {
  const lines = await recoverableLines(orderId);
  const user = await db().user.findUnique({ where: { id: userId }, select: { email: true, name: true } });
  if (lines.length === 0 || !user || !(await hasNewsletterConsent(userId))) return false;
  try {
    await db().abandonedCheckoutEmail.create({ data: { orderId, userId } });
  } catch (error) {
    if (isUniqueViolation(error)) return false;
    throw error;
  }
  const site = env().SITE_URL.replace(/\/+$/, '');
  const firstName = user.name.trim().split(/\s+/)[0] || 'there';
  try {
    await sendMarketingEmail({
      userId,
      to: user.email,
      category: 'newsletter',
      subject: `Your cart at ${await getShopName()} is waiting`,
      lines: [
        `Hi ${firstName},`,
        '',
        'You left these in your cart:',
        '',
        ...lines.map((line) => `  ${line.title}: ${formatAud(line.priceCents)}`),
        '',
        `Pick up where you left off: ${site}/cart?restore=${encodeURIComponent(cartRestoreToken(orderId, now))}`,
        ...code,
      ],
    });
    return true;
  } catch (error) {
    // Not sent: free the order so the next run can try again.
    await db()
      .abandonedCheckoutEmail.delete({ where: { orderId } })
      .catch(() => undefined);
    console.error('[abandoned-checkout] not sent:', error instanceof Error ? error.message : error);
    return false;
  }
}
