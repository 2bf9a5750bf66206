// Sending a newsletter (Decision 096). Starting writes one delivery row per
// consenting recipient of the segment, in the transaction that marks the
// newsletter as sending and queues its first batch. Each batch job claims at
// most what is left of the current minute's cap (all newsletters together),
// flipping the rows to `sent` in the same transaction that counts the minute,
// then sends them: a batch that runs again, or another worker's batch, never
// picks a claimed row, so nobody receives a newsletter twice. The price of
// that choice (at most once): a worker that dies between the claim and the
// SMTP hand-off leaves rows marked sent that were not.
import 'server-only';
import { recordAudit } from '@/lib/domain/audit';
import { AppError, invalid, notFound } from '@/lib/domain/errors';
import { enqueue, kickJobs } from '@/lib/domain/jobs';
import { newsletterAddressAudienceSql, newsletterAudienceSql, recipientHasNewsletterConsent, sendMarketingEmail } from '@/lib/domain/marketing';
import { db, Prisma } from '@/lib/infra/db';
import { renderStored } from './drafts';
import { segmentName, segmentRecipientsSql, type Segment } from './segments';

export const NEWSLETTER_BATCH_JOB = 'newsletter-batch';
/** Every minute: queues the minute's batch of each newsletter still sending, should a chain of batches have broken. */
export const NEWSLETTER_SWEEP_JOB = 'newsletter-sweep';
export const NEWSLETTER_SWEEP_CRON = '* * * * *';
/** Newsletter emails that may leave in one clock minute, all newsletters together: keeps the shop under its mail provider's rate. */
export const NEWSLETTER_PER_MINUTE = 60;
// Serialises the count-and-claim of batches across workers and instances.
const CLAIM_LOCK = 96_0001;
const MINUTE_MS = 60_000;

const minuteOf = (at: Date) => new Date(Math.floor(at.getTime() / MINUTE_MS) * MINUTE_MS);

/** Freezes the newsletter and its recipients, and queues the first batch. */
export async function startSending(actor: string, id: string, segment: Segment, now = new Date()): Promise<void> {
  if (segment.kind === 'category' && !(await db().category.findFirst({ where: { name: segment.name }, select: { id: true } })))
    throw invalid('There is no category of that name', { segment: ['Choose an existing category'] });
  await db().$transaction(async (tx) => {
    const started = await tx.newsletter.updateMany({
      where: { id, status: 'draft' },
      data: { status: 'sending', segment: segmentName(segment), sendStartedAt: now },
    });
    if (started.count === 0) {
      if (!(await tx.newsletter.findUnique({ where: { id }, select: { id: true } }))) throw notFound('Newsletter not found');
      throw new AppError('conflict', 'This newsletter is already being sent');
    }
    const recipients = await tx.$executeRaw`
      INSERT INTO "NewsletterDelivery" (id, "newsletterId", "userId", email)
      SELECT gen_random_uuid()::text, ${id}, r."userId", r.email FROM (${segmentRecipientsSql(segment, now)}) r
      ON CONFLICT ("newsletterId", email) DO NOTHING`;
    await enqueue(tx, NEWSLETTER_BATCH_JOB, { newsletterId: id }, { key: `${id}:start` });
    await recordAudit(tx, actor, 'newsletter.send', id, { segment: segmentName(segment), recipients });
  });
  kickJobs();
}

type Claimed = { id: string; userId: string | null; email: string };

/** Marks up to the minute's remaining cap of queued rows as sent (before sending: at most once); skips those whose consent is gone. */
async function claimBatch(newsletterId: string, now: Date, perMinute: number): Promise<Claimed[]> {
  return db().$transaction(async (tx) => {
    await tx.$executeRaw`SELECT pg_advisory_xact_lock(${CLAIM_LOCK})`;
    await tx.$executeRaw`UPDATE "NewsletterDelivery" d SET status = 'skipped_unsubscribed'
      WHERE d."newsletterId" = ${newsletterId} AND d.status = 'queued'
        AND NOT CASE WHEN d."userId" IS NULL THEN ${newsletterAddressAudienceSql(Prisma.sql`d.email`)} ELSE ${newsletterAudienceSql(Prisma.sql`d."userId"`)} END`;
    const minute = minuteOf(now);
    const [{ used }] = await tx.$queryRaw<{ used: number }[]>`SELECT count(*)::int AS used FROM "NewsletterDelivery"
      WHERE "sentAt" >= ${minute} AND "sentAt" < ${new Date(minute.getTime() + MINUTE_MS)}`;
    const budget = perMinute - used;
    if (budget <= 0) return [];
    return tx.$queryRaw<Claimed[]>`UPDATE "NewsletterDelivery" SET status = 'sent', "sentAt" = ${now}
      WHERE id IN (SELECT id FROM "NewsletterDelivery" WHERE "newsletterId" = ${newsletterId} AND status = 'queued' ORDER BY id LIMIT ${budget} FOR UPDATE SKIP LOCKED)
      RETURNING id, "userId", email`;
  });
}

/**
 * One batch: claims, re-checks each recipient's consent right before their
 * email, sends, and queues the next batch for the next minute while rows are
 * left; the newsletter is `sent` once none are. Returns how many it sent.
 */
export async function sendNewsletterBatch(newsletterId: string, now = new Date(), perMinute = NEWSLETTER_PER_MINUTE): Promise<number> {
  const newsletter = await db().newsletter.findUnique({ where: { id: newsletterId } });
  if (newsletter?.status !== 'sending') return 0;
  const claimed = await claimBatch(newsletterId, now, perMinute);
  const email = claimed.length > 0 ? await renderStored(newsletter, now) : null;
  let sent = 0;
  for (const row of claimed) {
    if (!(await recipientHasNewsletterConsent(row))) {
      await db().newsletterDelivery.update({ where: { id: row.id }, data: { status: 'skipped_unsubscribed', sentAt: null } });
      continue;
    }
    try {
      await sendMarketingEmail({
        userId: row.userId,
        to: row.email,
        category: 'newsletter',
        subject: email!.subject,
        lines: email!.text.split('\n'),
        html: email!.html,
      });
      sent += 1;
    } catch (error) {
      const message = (error instanceof Error ? error.message : String(error)).slice(0, 500);
      await db().newsletterDelivery.update({ where: { id: row.id }, data: { status: 'failed', error: message } });
    }
  }
  await continueOrFinish(newsletterId, now);
  return sent;
}

async function continueOrFinish(newsletterId: string, now: Date): Promise<void> {
  const left = await db().newsletterDelivery.count({ where: { newsletterId, status: 'queued' } });
  if (left === 0) {
    await db().newsletter.updateMany({ where: { id: newsletterId, status: 'sending' }, data: { status: 'sent', sentAt: now } });
    return;
  }
  const next = new Date(minuteOf(now).getTime() + MINUTE_MS);
  await db().$transaction((tx) => enqueue(tx, NEWSLETTER_BATCH_JOB, { newsletterId }, { key: `${newsletterId}:${next.toISOString()}`, runAt: next }));
}

/** The cron job: a batch this minute for every newsletter still sending (the same key as a chained batch, so never two). */
export async function sweepSendingNewsletters(now = new Date()): Promise<number> {
  const sending = await db().newsletter.findMany({ where: { status: 'sending' }, select: { id: true } });
  if (sending.length === 0) return 0;
  const minute = minuteOf(now).toISOString();
  await db().$transaction(async (tx) => {
    for (const { id } of sending) await enqueue(tx, NEWSLETTER_BATCH_JOB, { newsletterId: id }, { key: `${id}:${minute}` });
  });
  return sending.length;
}
