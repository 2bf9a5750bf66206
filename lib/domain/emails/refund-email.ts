// The email a customer gets for each refund or dispute on their order: what
// was given back, and which items' downloads have ended (or, for a membership
// payment, what became of the membership). Sent once per refund
// (Refund.emailedAt), to the order's own customer email.
import 'server-only';
import { db } from '@/lib/infra/db';
import { retryWhileUnavailable } from '@/lib/infra/db/unavailable';
import { sendEmail } from '@/lib/infra/email';
import { env } from '@/lib/env';
import { formatAud } from '@/lib/format';
import { adjustmentNotePath, SHOP_NAME } from '@/lib/shop';

const site = () => env().SITE_URL.replace(/\/+$/, '');

/** Card money given back has an adjustment note (Decision 071); the email links it. */
const noteLine = (sessionId: string, refundId: string) => `Adjustment note: ${site()}${adjustmentNotePath(sessionId, refundId)}`;

const ORDER = { select: { id: true, sessionId: true, customerEmail: true, kind: true } } as const;

/** What a refund did to the membership it paid for (Decision 075); a refund made in Stripe leaves it to the subscription. */
const MEMBERSHIP_AFTER_REFUND = {
  now: 'Your membership has ended, and downloads from your member checkouts with it.',
  period_end: 'Your membership stays active until the end of the period you had paid for, and will not renew.',
} as const;

export async function sendRefundEmailOnce(refundId: string): Promise<void> {
  const refund = await db().refund.findUnique({ where: { id: refundId }, include: { items: { select: { title: true } }, order: ORDER } });
  const to = refund?.order.customerEmail;
  if (!refund || refund.emailedAt || !to) return;
  const shortId = refund.order.sessionId.slice(-12);
  const dispute = refund.source === 'dispute';
  const membership = refund.order.kind === 'subscription';
  const ended = refund.items.map((i) => `  • ${i.title}`);
  const text = [
    dispute
      ? membership
        ? `The payment ${shortId} for your ${SHOP_NAME} membership is being disputed with your card issuer, so your membership is suspended while the dispute is open.`
        : `The payment for your ${SHOP_NAME} order ${shortId} is being disputed with your card issuer, so its downloads are suspended while the dispute is open.`
      : membership
        ? `Your ${SHOP_NAME} membership payment ${shortId} has been refunded.`
        : `Your ${SHOP_NAME} order ${shortId} has been refunded${ended.length ? ' for:' : '.'}`,
    ...(dispute ? [] : ended),
    ...(!dispute && refund.membershipEnd ? ['', MEMBERSHIP_AFTER_REFUND[refund.membershipEnd]] : []),
    '',
    ...(refund.amountCents > 0 && !dispute ? [`Refunded to your card: ${formatAud(refund.amountCents)} (it can take 5–10 business days to appear).`] : []),
    ...(refund.voucherReturnedCents > 0 ? [`Returned to your gift card: ${formatAud(refund.voucherReturnedCents)}.`] : []),
    ...(ended.length ? ['Downloads of these items have ended; the rest of your order stays available in My Orders.'] : []),
    ...(refund.amountCents > 0 && !dispute ? [noteLine(refund.order.sessionId, refund.id)] : []),
    `My Orders: ${site()}/my-orders`,
  ].join('\n');
  const what = membership ? 'membership payment' : 'order';
  const subject = dispute ? `Your ${SHOP_NAME} ${what} ${shortId}: payment disputed` : `Your ${SHOP_NAME} ${what} ${shortId} was refunded`;
  await sendEmail({ to, subject, text });
  // Sent: both marks must land even if Postgres is away right now, or the job would send it again.
  await retryWhileUnavailable(() =>
    db().$transaction([
      db().refund.update({ where: { id: refund.id }, data: { emailedAt: new Date() } }),
      db().emailLog.create({ data: { orderId: refund.order.id, kind: 'refund', recipientEmail: to, subject } }),
    ]),
  );
}

/** How a dispute ended, told once (Refund.resolutionEmailedAt): the downloads are back, or they have ended for good. */
export async function sendDisputeOutcomeEmailOnce(refundId: string): Promise<void> {
  const refund = await db().refund.findUnique({ where: { id: refundId }, include: { order: ORDER } });
  const to = refund?.order.customerEmail;
  if (!refund?.disputeOutcome || refund.resolutionEmailedAt || !to) return;
  const shortId = refund.order.sessionId.slice(-12);
  const won = refund.disputeOutcome === 'won';
  const membership = refund.order.kind === 'subscription';
  const over = membership ? `payment ${shortId} for your ${SHOP_NAME} membership` : `payment for your ${SHOP_NAME} order ${shortId}`;
  const text = [
    won
      ? `The dispute over the ${over} has closed, and ${membership ? 'your membership is active again' : 'its downloads are available again'}.`
      : `The dispute over the ${over} has closed with the payment returned to your card, so ${membership ? 'your membership has ended' : 'its downloads have ended'}.`,
    ...(refund.voucherReturnedCents > 0 ? ['', `Returned to your gift card: ${formatAud(refund.voucherReturnedCents)}.`] : []),
    '',
    ...(!won && refund.amountCents > 0 ? [noteLine(refund.order.sessionId, refund.id)] : []),
    `My Orders: ${site()}/my-orders`,
  ].join('\n');
  const subject = won
    ? `Your ${SHOP_NAME} ${membership ? `membership payment ${shortId}: membership active again` : `order ${shortId}: downloads available again`}`
    : `Your ${SHOP_NAME} ${membership ? 'membership payment' : 'order'} ${shortId}: dispute closed`;
  await sendEmail({ to, subject, text });
  await retryWhileUnavailable(() =>
    db().$transaction([
      db().refund.update({ where: { id: refund.id }, data: { resolutionEmailedAt: new Date() } }),
      db().emailLog.create({ data: { orderId: refund.order.id, kind: 'dispute_outcome', recipientEmail: to, subject } }),
    ]),
  );
}
