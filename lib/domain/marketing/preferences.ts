import 'server-only';
import { db, Prisma } from '@/lib/infra/db';
import { SUBSCRIBED_BY_DEFAULT, type EmailCategory } from './categories';
import { addressReceives, addressReceivesSql, recordConsent } from '@/lib/domain/consent';

/** Where a choice was made, kept with it: the consent record issue #29 builds on. */
export type PreferenceSource = 'unsubscribe_link' | 'one_click' | 'preferences' | 'registration';

export async function isSubscribed(userId: string, category: EmailCategory): Promise<boolean> {
  const row = await db().emailPreference.findUnique({ where: { userId_category: { userId, category } }, select: { subscribed: true } });
  return row ? row.subscribed : SUBSCRIBED_BY_DEFAULT[category];
}

/**
 * Takes effect at once: the next email of the category is checked against this
 * row. Every change is also appended to the consent history (Decision 095),
 * in the same transaction, so no choice is applied without its record.
 */
export async function setSubscribed(userId: string, category: EmailCategory, subscribed: boolean, source: PreferenceSource): Promise<void> {
  await db().$transaction((tx) => setSubscribedIn(tx, userId, category, subscribed, source));
}

export async function setSubscribedIn(
  tx: Prisma.TransactionClient,
  userId: string,
  category: EmailCategory,
  subscribed: boolean,
  source: PreferenceSource,
): Promise<void> {
  const user = await tx.user.findUniqueOrThrow({ where: { id: userId }, select: { email: true } });
  await tx.emailPreference.upsert({
    where: { userId_category: { userId, category } },
    create: { userId, category, subscribed, source },
    update: { subscribed, source },
  });
  await recordConsent(tx, { email: user.email, userId, category, given: subscribed, source });
}

/**
 * SQL that is true when the customer in `userColumn` receives `category`: for
 * queries that pick recipients in bulk (the daily sale alerts).
 */
export function receivesSql(userColumn: Prisma.Sql, category: EmailCategory): Prisma.Sql {
  const fallback = SUBSCRIBED_BY_DEFAULT[category];
  return Prisma.sql`COALESCE((SELECT p.subscribed FROM "EmailPreference" p WHERE p."userId" = ${userColumn} AND p.category = ${category}::"EmailCategory"), ${fallback})`;
}

/**
 * SQL that is true when the customer in `userColumn` has consented to the
 * newsletter: the one rule for everyone who picks newsletter or abandoned-
 * checkout recipients (Decision 096). Today an EmailPreference row with
 * subscribed = true; no row is no consent (Decision 087).
 */
export function newsletterAudienceSql(userColumn: Prisma.Sql): Prisma.Sql {
  return receivesSql(userColumn, 'newsletter');
}

/** The same rule for one customer, checked right before each newsletter or reminder goes out. */
export function hasNewsletterConsent(userId: string): Promise<boolean> {
  return isSubscribed(userId, 'newsletter');
}

/**
 * The same rule for an address without an account (a guest who ticked the box
 * at checkout or for a free download, Decision 097): its latest consent
 * record, over the lower-cased address in `emailColumn`.
 */
export function newsletterAddressAudienceSql(emailColumn: Prisma.Sql): Prisma.Sql {
  return addressReceivesSql(emailColumn, 'newsletter');
}

/** One newsletter recipient, an account or an address, checked right before their email. */
export function recipientHasNewsletterConsent(recipient: { userId: string | null; email: string }): Promise<boolean> {
  return recipient.userId ? hasNewsletterConsent(recipient.userId) : addressReceives(recipient.email, 'newsletter');
}
