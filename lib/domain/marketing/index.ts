// Marketing email (Decision 087): review requests and wishlist sale alerts
// today, the newsletter of issue #29 later. Every one is checked against the
// customer's choice for its category just before it is sent, carries the
// sender's identity and a one-click unsubscribe that needs no sign-in and
// takes effect at once. Order, refund and account emails never come here.
import 'server-only';
import { db } from '@/lib/infra/db';
import { CATEGORY_LABELS, type EmailCategory } from './categories';
import { isSubscribed, setSubscribed, type PreferenceSource } from './preferences';
import { readUnsubscribeToken } from './tokens';

export { CATEGORY_LABELS, EMAIL_CATEGORIES, SUBSCRIBED_BY_DEFAULT, type EmailCategory } from './categories';
export { hasNewsletterConsent, isSubscribed, newsletterAudienceSql, receivesSql, setSubscribed, type PreferenceSource } from './preferences';
export { readUnsubscribeToken, unsubscribeToken } from './tokens';
export { oneClickUrl, sendMarketingEmail, unsubscribePageUrl, type MarketingEmail } from './emails';
export { getEmailPreferences, updateEmailPreferences, type EmailPreferences } from './account-preferences';
export { setSubscribedIn } from './preferences';

export type UnsubscribeView = { category: EmailCategory; label: string; maskedEmail: string; subscribed: boolean };

/** `jane@example.com` as `j***@example.com`: enough to recognise, not to harvest. */
export function maskEmail(email: string): string {
  const at = email.lastIndexOf('@');
  return at <= 0 ? '***' : `${email[0]}***${email.slice(at)}`;
}

/** What an unsubscribe link is about, for its page; null for a link this shop did not sign (or a deleted account). */
export async function describeUnsubscribe(token: string): Promise<UnsubscribeView | null> {
  const claim = readUnsubscribeToken(token);
  if (!claim) return null;
  const user = await db().user.findUnique({ where: { id: claim.userId }, select: { email: true } });
  if (!user) return null;
  return {
    category: claim.category,
    label: CATEGORY_LABELS[claim.category],
    maskedEmail: maskEmail(user.email),
    subscribed: await isSubscribed(claim.userId, claim.category),
  };
}

/** Turns the link's category off for its customer, at once; null when the link is not this shop's. Repeating it changes nothing. */
export async function unsubscribeWithToken(token: string, source: PreferenceSource): Promise<{ category: EmailCategory; label: string } | null> {
  const claim = readUnsubscribeToken(token);
  if (!claim) return null;
  const user = await db().user.findUnique({ where: { id: claim.userId }, select: { id: true } });
  if (!user) return null;
  await setSubscribed(claim.userId, claim.category, false, source);
  return { category: claim.category, label: CATEGORY_LABELS[claim.category] };
}
