// How far a newsletter has gone (Decision 096): rows in Postgres, so any
// instance answers the polling of the Email tab.
import 'server-only';
import { AppError } from '@/lib/domain/errors';
import { getBusinessDetails } from '@/lib/domain/invoices';
import { sendMarketingEmail } from '@/lib/domain/marketing';
import { db } from '@/lib/infra/db';
import { getNewsletterOrThrow, renderStored } from './drafts';

export type NewsletterProgress = {
  total: number;
  queued: number;
  sent: number;
  failed: number;
  /** Consent withdrawn between the start of sending and the recipient's turn: not sent. */
  skippedUnsubscribed: number;
  /** Recipients who received it and have unsubscribed from the newsletter since. */
  unsubscribedSince: number;
};

export async function newsletterProgress(newsletterId: string): Promise<NewsletterProgress> {
  const groups = await db().newsletterDelivery.groupBy({ by: ['status'], where: { newsletterId }, _count: { _all: true } });
  const count = (status: string) => groups.find((g) => g.status === status)?._count._all ?? 0;
  const [{ since }] = await db().$queryRaw<{ since: number }[]>`
    SELECT count(*)::int AS since FROM "NewsletterDelivery" d
    JOIN "EmailPreference" p ON p."userId" = d."userId" AND p.category = 'newsletter'::"EmailCategory"
    WHERE d."newsletterId" = ${newsletterId} AND d.status = 'sent' AND NOT p.subscribed AND p."updatedAt" > d."sentAt"`;
  return {
    total: groups.reduce((sum, g) => sum + g._count._all, 0),
    queued: count('queued'),
    sent: count('sent'),
    failed: count('failed'),
    skippedUnsubscribed: count('skipped_unsubscribed'),
    unsubscribedSince: since,
  };
}

const looksLikeEmail = (value: string) => /^[^\s@]+@[^\s@]+$/.test(value);

/** Where a member of staff's test sends go: their own address (the owner's sign-in name is not one: the business's contact address). */
async function staffAddress(staffId: string): Promise<string> {
  const staff = await db().staff.findUnique({ where: { id: staffId }, select: { email: true, username: true, role: true } });
  const own = staff?.email ?? (staff && looksLikeEmail(staff.username) ? staff.username : null);
  const fallback = staff?.role === 'owner' ? (await getBusinessDetails()).email : '';
  const address = own ?? fallback;
  if (!address) throw new AppError('conflict', 'Your account has no email address: add the business email under Settings to receive test sends');
  return address;
}

/**
 * The newsletter as a customer receives it, to the signed-in member of staff,
 * subject marked [Test]. Its unsubscribe link names the staff member, no
 * customer, so it turns nothing off. Returns the address it went to.
 */
export async function sendTestNewsletter(newsletterId: string, staffId: string): Promise<string> {
  const newsletter = await getNewsletterOrThrow(newsletterId);
  const to = await staffAddress(staffId);
  const email = await renderStored(newsletter);
  await sendMarketingEmail({
    userId: staffId,
    to,
    category: 'newsletter',
    subject: `[Test] ${email.subject}`,
    lines: email.text.split('\n'),
    html: email.html,
  });
  return to;
}
