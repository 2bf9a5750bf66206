import 'server-only';
import { getBusinessDetails } from '@/lib/domain/invoices';
import { getShopName } from '@/lib/domain/shop-identity';
import { env } from '@/lib/env';
import { db } from '@/lib/infra/db';
import { retryWhileUnavailable } from '@/lib/infra/db/unavailable';
import { sendEmail } from '@/lib/infra/email';
import { escapeHtml } from '@/lib/infra/markdown';
import { CATEGORY_LABELS, type EmailCategory } from './categories';
import { addressUnsubscribeToken, unsubscribeToken } from './tokens';

const site = () => env().SITE_URL.replace(/\/+$/, '');

/** The page an email's footer links to (it asks before it changes anything). */
export const unsubscribePageUrl = (token: string) => `${site()}/unsubscribe?token=${encodeURIComponent(token)}`;
/** The RFC 8058 one-click endpoint a mail client POSTs to. */
export const oneClickUrl = (token: string) => `${site()}/api/email/unsubscribe?token=${encodeURIComponent(token)}`;

/** Who sends it and how to reach them, as the business details say (the shop's name and site when unset). */
async function senderLines(): Promise<string[]> {
  const business = await getBusinessDetails();
  return [
    business.name || (await getShopName()),
    business.address,
    business.email ? `Contact: ${business.email}` : '',
    business.abn ? `ABN ${business.abn}` : '',
    site(),
  ].filter(Boolean);
}

/**
 * `userId`: the customer's account, or null for an address without one (a
 * guest's consent, Decision 097), whose link then names the address.
 * `html`: an HTML part beside the text (the newsletter's rendered Markdown):
 * already sanitised by its caller; the footer is added here, escaped.
 */
export type MarketingEmail = { userId: string | null; to: string; category: EmailCategory; subject: string; lines: string[]; html?: string };

/** The HTML part: the caller's safe HTML, then the same footer as the text, every value escaped. */
function htmlWithFooter(html: string, sender: string[], notice: string, unsubscribeUrl: string): string {
  const footer = [...sender.map(escapeHtml), `${escapeHtml(notice)} <a href="${escapeHtml(unsubscribeUrl)}">Unsubscribe</a>`].join('<br>');
  return `<div style="font-family:system-ui,sans-serif;font-size:15px;line-height:1.5">${html}<hr><p style="font-size:12px;color:#555">${footer}</p></div>`;
}

/**
 * Sends one marketing email: plain text (nothing a customer or the owner wrote
 * can run in it), the sender's identity, an unsubscribe link in the footer and
 * List-Unsubscribe / List-Unsubscribe-Post headers for one-click unsubscribe
 * in mail clients. Logged in EmailLog under the category's name.
 */
export async function sendMarketingEmail(email: MarketingEmail): Promise<void> {
  const token = email.userId ? unsubscribeToken(email.userId, email.category) : addressUnsubscribeToken(email.to, email.category);
  const sender = await senderLines();
  const why = email.userId ? 'because of your account with us' : 'because you asked for it when you bought or downloaded from us';
  const notice = `You receive ${CATEGORY_LABELS[email.category]} ${why}.`;
  const text = [...email.lines, '', '--', ...sender, '', `${notice} Unsubscribe: ${unsubscribePageUrl(token)}`].join('\n');
  await sendEmail({
    to: email.to,
    subject: email.subject,
    text,
    ...(email.html === undefined ? {} : { html: htmlWithFooter(email.html, sender, notice, unsubscribePageUrl(token)) }),
    headers: { 'List-Unsubscribe': `<${oneClickUrl(token)}>`, 'List-Unsubscribe-Post': 'List-Unsubscribe=One-Click' },
  });
  await retryWhileUnavailable(() => db().emailLog.create({ data: { kind: email.category, recipientEmail: email.to, subject: email.subject } }));
}
