// Marketing email (Decision 087): review requests, wishlist sale alerts and
// the newsletter (issue #29), to accounts and to guests' addresses (Decision
// 097). Every one is checked against the recipient's choice for its category
// just before it is sent, carries the sender's identity and a one-click
// unsubscribe that needs no sign-in and takes effect at once. Order, refund
// and account emails never come here.
import 'server-only';
import { addressReceives, recordConsent } from '@/lib/domain/consent';
import { db } from '@/lib/infra/db';
import { CATEGORY_LABELS, type EmailCategory } from './categories';
import { isSubscribed, setSubscribed, setSubscribedIn, type PreferenceSource } from './preferences';
import { readUnsubscribeToken } from './tokens';

export { CATEGORY_LABELS, EMAIL_CATEGORIES, SUBSCRIBED_BY_DEFAULT, type EmailCategory } from './categories';
export {
  hasNewsletterConsent,
  isSubscribed,
  newsletterAddressAudienceSql,
  newsletterAudienceSql,
  receivesSql,
  recipientHasNewsletterConsent,
  setSubscribed,
  type PreferenceSource,
} from './preferences';
export { addressUnsubscribeToken, readUnsubscribeToken, unsubscribeToken, type UnsubscribeClaim } from './tokens';
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
  const view = { category: claim.category, label: CATEGORY_LABELS[claim.category] };
  // An address's latest consent record is its choice; an account's own choices are recorded there too.
  if ('email' in claim) return { ...view, maskedEmail: maskEmail(claim.email), subscribed: await addressReceives(claim.email, claim.category) };
  const user = await db().user.findUnique({ where: { id: claim.userId }, select: { email: true } });
  if (!user) return null;
  return { ...view, maskedEmail: maskEmail(user.email), subscribed: await isSubscribed(claim.userId, claim.category) };
}

/** Turns the link's category off for its recipient, at once; null when the link is not this shop's. Repeating it changes nothing. */
export async function unsubscribeWithToken(token: string, source: PreferenceSource): Promise<{ category: EmailCategory; label: string } | null> {
  const claim = readUnsubscribeToken(token);
  if (!claim) return null;
  const done = { category: claim.category, label: CATEGORY_LABELS[claim.category] };
  if ('email' in claim) {
    await unsubscribeAddress(claim.email, claim.category, source);
    return done;
  }
  const user = await db().user.findUnique({ where: { id: claim.userId }, select: { id: true } });
  if (!user) return null;
  await setSubscribed(claim.userId, claim.category, false, source);
  return done;
}

/**
 * A guest's link (Decision 097): the address's withdrawal is recorded; when an
 * account with that address exists by now, its choice is turned off too (the
 * email reached that inbox, so whoever reads it speaks for the address).
 */
async function unsubscribeAddress(email: string, category: EmailCategory, source: PreferenceSource): Promise<void> {
  await db().$transaction(async (tx) => {
    const account = await tx.user.findUnique({ where: { email }, select: { id: true } });
    if (account) await setSubscribedIn(tx, account.id, category, false, source);
    else await recordConsent(tx, { email, userId: null, category, given: false, source });
  });
}
