// A signed-in customer's own email preferences (Decision 095): every category
// on or off, each change applied at once and recorded as consent given or
// withdrawn with the source `preferences`.
import 'server-only';
import { db } from '@/lib/infra/db';
import { EMAIL_CATEGORIES, SUBSCRIBED_BY_DEFAULT, type EmailCategory } from './categories';
import { setSubscribedIn } from './preferences';

export type EmailPreferences = Record<EmailCategory, boolean>;

export async function getEmailPreferences(userId: string): Promise<EmailPreferences> {
  const rows = await db().emailPreference.findMany({ where: { userId }, select: { category: true, subscribed: true } });
  const chosen = new Map(rows.map((r) => [r.category, r.subscribed]));
  return Object.fromEntries(EMAIL_CATEGORIES.map((c) => [c, chosen.get(c) ?? SUBSCRIBED_BY_DEFAULT[c]])) as EmailPreferences;
}

/** Applies the categories that change, all or none; a category already in the asked state gets no new record. */
export async function updateEmailPreferences(userId: string, wanted: Partial<EmailPreferences>): Promise<EmailPreferences> {
  const current = await getEmailPreferences(userId);
  const changes = EMAIL_CATEGORIES.filter((c) => wanted[c] !== undefined && wanted[c] !== current[c]);
  await db().$transaction(async (tx) => {
    for (const category of changes) await setSubscribedIn(tx, userId, category, wanted[category]!, 'preferences');
  });
  return getEmailPreferences(userId);
}
