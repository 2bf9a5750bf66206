// The order confirmation email: what was bought, what was paid, and links to
// the success page, the invoice and My Orders (never a raw storage URL).
import 'server-only';
import { db } from '@/lib/infra/db';
import { retryWhileUnavailable } from '@/lib/infra/db/unavailable';
import { sendEmail } from '@/lib/infra/email';
import { escapeHtml } from '@/lib/infra/markdown';
import { env } from '@/lib/env';
import { BUNDLE_CREDIT_LABEL, formatAud, formatDate } from '@/lib/format';
import { getShopName } from '@/lib/domain/shop-identity';

export type EmailActor = { sentBy: string };

export async function sendOrderEmail(orderId: string, options: { to?: string; sentBy?: string } = {}): Promise<{ sent: boolean; to: string | null }> {
  const shopName = await getShopName();
  const order = await db().order.findUnique({
    where: { id: orderId },
    include: { items: { include: { licenceTier: { select: { name: true } }, licence: { select: { id: true } } } } },
  });
  const to = options.to ?? order?.customerEmail ?? null;
  if (!order || !to) return { sent: false, to };
  const site = env().SITE_URL.replace(/\/+$/, '');
  const successUrl = `${site}/success?session_id=${encodeURIComponent(order.sessionId)}`;
  const invoiceUrl = `${site}/api/orders/invoice/${encodeURIComponent(order.sessionId)}`;
  // Each line names its licence (Decision 082): the id is what a buyer shows a print platform.
  // A bundle at its price, then its credit for items the buyer owned (Decision 094), as on the invoice.
  const lines = order.items.flatMap((i) => [
    `  • ${i.title} — ${formatAud(i.priceCents + i.bundleCreditCents)}`,
    ...(i.bundleCreditCents > 0 ? [`    ${BUNDLE_CREDIT_LABEL}: −${formatAud(i.bundleCreditCents)}`] : []),
    ...(i.licenceTier ? [`    ${licenceText(i.licenceTier.name, i.licence?.id ?? null, i.upgradeOfId)}`] : []),
  ]);
  const text = [
    `Thank you for your order from ${shopName}!`,
    '',
    `Order ${order.sessionId.slice(-12)} · ${formatDate(order.createdAt)}`,
    ...lines,
    ...(order.discountCents > 0 ? [`  Discount: −${formatAud(order.discountCents)}`] : []),
    `  Total: ${formatAud(order.amountCents)}`,
    '',
    `Download your files: ${successUrl}`,
    `Invoice: ${invoiceUrl}`,
    `All your orders: ${site}/my-orders`,
    ...(order.items.some((i) => i.licence || i.upgradeOfId)
      ? [`Anyone can verify a licence at ${site}/licence/{licence id}; certificates are in My Orders.`]
      : []),
    '',
    'Files are available immediately and stay available from My Orders when you sign in with this email address.',
  ].join('\n');
  const subject = `Your ${shopName} order ${order.sessionId.slice(-12)}`;
  const sentBy = options.sentBy ?? 'system';
  try {
    await sendEmail({ fromName: shopName, to, subject, text, html: toHtml(text, [successUrl, invoiceUrl, `${site}/my-orders`]) });
  } catch (error) {
    await db().emailLog.create({
      data: {
        orderId: order.id,
        kind: 'order_confirmation',
        recipientEmail: to,
        subject,
        sentBy,
        status: 'failed',
        error: error instanceof Error ? error.message.slice(0, 500) : 'send failed',
      },
    });
    throw error;
  }
  // Sent: the log must say so even if Postgres is away right now, or the job would send it again.
  await retryWhileUnavailable(() => db().emailLog.create({ data: { orderId: order.id, kind: 'order_confirmation', recipientEmail: to, subject, sentBy } }));
  return { sent: true, to };
}

/**
 * The confirmation queued at fulfilment: at most once per order, even when
 * its job runs again (a worker that died after sending, before finishing).
 * An admin's resend goes through sendOrderEmail and is not held back.
 */
export async function sendOrderConfirmationOnce(orderId: string): Promise<void> {
  const already = await db().emailLog.findFirst({ where: { orderId, kind: 'order_confirmation', status: 'sent', sentBy: 'system' }, select: { id: true } });
  if (!already) await sendOrderEmail(orderId);
}

function licenceText(tier: string, licenceId: string | null, upgradeOfId: string | null): string {
  if (upgradeOfId) return `Licence ${upgradeOfId} upgraded to ${tier}`;
  return licenceId ? `${tier} licence ${licenceId}` : `${tier} licence`;
}

function toHtml(text: string, links: string[]): string {
  let html = escapeHtml(text).replace(/\n/g, '<br>');
  for (const link of links) {
    const escaped = escapeHtml(link);
    html = html.replace(escaped, `<a href="${escaped}">${escaped}</a>`);
  }
  return `<div style="font-family:system-ui,sans-serif;font-size:15px;line-height:1.5">${html}</div>`;
}
