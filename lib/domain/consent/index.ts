// Consent history (Decision 095): every consent given or withdrawn is a new, never changed
// ConsentRecord (address, time, source, the words shown). An account's current choice stays
// in EmailPreference; an address without an account is judged by its latest record, which
// becomes the account's choice once an account proves the address.
import 'server-only';
import { CONSENT_WORDS } from '@/lib/contract/marketing';
import { db, Prisma, type EmailCategory } from '@/lib/infra/db';

export { CONSENT_WORDS };

export type ConsentSource = 'registration' | 'guest_checkout' | 'free_download' | 'preferences' | 'unsubscribe_link' | 'one_click';

/** What each source records as "the words shown" when no box was ticked (a button or a link). */
const ACTION_WORDS: Record<ConsentSource, string> = {
  registration: CONSENT_WORDS,
  guest_checkout: CONSENT_WORDS,
  free_download: CONSENT_WORDS,
  preferences: 'Email preferences: ',
  unsubscribe_link: 'Unsubscribe page button: Unsubscribe',
  one_click: 'One-click unsubscribe (List-Unsubscribe-Post) from the email',
};

export type ConsentEntry = { email: string; userId: string | null; category: EmailCategory; given: boolean; source: ConsentSource; wording?: string };

type Tx = Prisma.TransactionClient;

export const consentWording = (source: ConsentSource, category: EmailCategory, given: boolean) =>
  source === 'preferences' ? `${ACTION_WORDS.preferences}${category} turned ${given ? 'on' : 'off'}` : ACTION_WORDS[source];

/** Appends one record; the address is stored lower-cased so guests and accounts meet on it. */
export async function recordConsent(tx: Tx, entry: ConsentEntry): Promise<void> {
  await tx.consentRecord.create({
    data: {
      email: entry.email.trim().toLowerCase(),
      userId: entry.userId,
      category: entry.category,
      given: entry.given,
      source: entry.source,
      wording: entry.wording ?? consentWording(entry.source, entry.category, entry.given),
    },
  });
}

/**
 * Whether an address without an account receives a category: its latest
 * record. No record is no consent, for every category (the on-by-default
 * kinds follow from an account's activity, which such an address has none of).
 */
export async function addressReceives(email: string, category: EmailCategory): Promise<boolean> {
  const latest = await db().consentRecord.findFirst({
    where: { email: email.trim().toLowerCase(), category },
    orderBy: [{ createdAt: 'desc' }, { id: 'desc' }],
    select: { given: true },
  });
  return latest?.given ?? false;
}

/**
 * SQL that is true when the address in `emailColumn` (lower-cased) receives
 * `category` by its consent records: for bulk pickers of recipients without an
 * account (guest buyers, free downloads). Accounts use receivesSql.
 */
export function addressReceivesSql(emailColumn: Prisma.Sql, category: EmailCategory): Prisma.Sql {
  return Prisma.sql`COALESCE((SELECT c.given FROM "ConsentRecord" c WHERE c.email = ${emailColumn} AND c.category = ${category}::"EmailCategory" ORDER BY c."createdAt" DESC, c.id DESC LIMIT 1), false)`;
}

/**
 * Once an account proves its address: the address's records join the
 * account, and a record newer than the account's own choice becomes it
 * (consent a guest gave at checkout counts for the account made later).
 */
export async function linkConsentRecords(tx: Tx, user: { id: string; email: string }): Promise<void> {
  await tx.consentRecord.updateMany({ where: { email: user.email, userId: null }, data: { userId: user.id } });
  const records = await tx.consentRecord.findMany({
    where: { email: user.email },
    orderBy: [{ createdAt: 'desc' }, { id: 'desc' }],
    distinct: ['category'],
    select: { category: true, given: true, source: true, createdAt: true },
  });
  for (const record of records) {
    const current = await tx.emailPreference.findUnique({
      where: { userId_category: { userId: user.id, category: record.category } },
      select: { updatedAt: true },
    });
    if (current && current.updatedAt >= record.createdAt) continue;
    await tx.emailPreference.upsert({
      where: { userId_category: { userId: user.id, category: record.category } },
      create: { userId: user.id, category: record.category, subscribed: record.given, source: record.source },
      update: { subscribed: record.given, source: record.source },
    });
  }
}

/**
 * The box ticked by someone without a signed-in account (guest checkout, free
 * download): the newsletter, given, in the box's words. When an account has
 * already proven this address, it becomes that account's choice at once.
 */
export async function recordAddressConsent(tx: Tx, email: string, source: 'guest_checkout' | 'free_download'): Promise<void> {
  const address = email.trim().toLowerCase();
  await recordConsent(tx, { email: address, userId: null, category: 'newsletter', given: true, source });
  const account = await tx.user.findUnique({ where: { email: address }, select: { id: true, email: true, emailVerifiedAt: true } });
  if (account?.emailVerifiedAt) await linkConsentRecords(tx, account);
}
