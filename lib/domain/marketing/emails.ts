import 'server-only';
import { getBusinessDetails } from '@/lib/domain/invoices';
import { getShopName } from '@/lib/domain/shop-identity';
import { env } from '@/lib/env';
import { db } from '@/lib/infra/db';
import { retryWhileUnavailable } from '@/lib/infra/db/unavailable';
import { sendEmail } from '@/lib/infra/email';
import { CATEGORY_LABELS, type EmailCategory } from './categories';
import { unsubscribeToken } from './tokens';

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

export type MarketingEmail = { userId: string; to: string; category: EmailCategory; subject: string; lines: string[] };

/**
 * Sends one marketing email: plain text (nothing a customer or the owner wrote
 * can run in it), the sender's identity, an unsubscribe link in the footer and
 * List-Unsubscribe / List-Unsubscribe-Post headers for one-click unsubscribe
 * in mail clients. Logged in EmailLog under the category's name.
 */
export async function sendMarketingEmail(email: MarketingEmail): Promise<void> {
  const token = unsubscribeToken(email.userId, email.category);
  const text = [
    ...email.lines,
    '',
    '--',
    ...(await senderLines()),
    '',
    `You receive ${CATEGORY_LABELS[email.category]} because of your account with us. Unsubscribe: ${unsubscribePageUrl(token)}`,
  ].join('\n');
  await sendEmail({
    to: email.to,
    subject: email.subject,
    text,
    headers: { 'List-Unsubscribe': `<${oneClickUrl(token)}>`, 'List-Unsubscribe-Post': 'List-Unsubscribe=One-Click' },
  });
  await retryWhileUnavailable(() => db().emailLog.create({ data: { kind: email.category, recipientEmail: email.to, subject: email.subject } }));
}
