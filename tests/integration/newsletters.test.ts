// Newsletters against real Postgres and the job queue (Decision 096): only
// customers who consented receive one; each recipient at most once, however
// often a batch runs, side by side or after a worker died mid-batch; never more
// than the per-minute cap in a clock minute (read from the rows' timestamps);
// consent withdrawn before a recipient's turn skips them; segments pick the
// right consenting customers.
import { beforeAll, describe, expect, it } from 'vitest';
import { REGISTERED_BUSINESS } from '../support/business';
import { createFixtures } from '../support/fixtures';
import { queuedJobs } from '../support/jobs';

const SITE_URL = 'http://shop.test:3000';
process.env.SITE_URL = SITE_URL;
delete process.env.STRIPE_SECRET_KEY;
delete process.env.SMTP_URL;

const fx = createFixtures('News');
const MINUTE_MS = 60_000;

async function loadApp() {
  const [newsletters, marketing, invoices, jobs, handlers, db, checkout, orders] = await Promise.all([
    import('@/lib/domain/newsletters'),
    import('@/lib/domain/marketing'),
    import('@/lib/domain/invoices'),
    import('@/lib/domain/jobs'),
    import('@/lib/domain/background-work'),
    import('@/lib/infra/db'),
    import('@/lib/domain/checkout'),
    import('@/lib/domain/orders'),
  ]);
  return {
    ...newsletters,
    ...marketing,
    ...checkout,
    ...orders,
    saveBusinessDetails: invoices.saveBusinessDetails,
    runDueJobs: jobs.runDueJobs,
    openJobQueue: jobs.openJobQueue,
    registerJobHandlers: handlers.registerJobHandlers,
    db: db.db,
  };
}

let app: Awaited<ReturnType<typeof loadApp>>;

beforeAll(async () => {
  app = await loadApp();
  app.registerJobHandlers();
  await app.openJobQueue();
  await app.saveBusinessDetails('admin', REGISTERED_BUSINESS);
});

/** A customer who ticked "send me the newsletter" (the row Decision 087 keeps). */
async function consenting(options?: Parameters<typeof fx.user>[0]) {
  const user = await fx.user(options);
  await app.setSubscribed(user.id, 'newsletter', true, 'registration');
  return user;
}

async function draft(subject: string) {
  return app.createNewsletter('admin', { subject, markdown: `# ${subject}\n\nNews for you.`, featuredProductIds: [] });
}

const mailsTo = (to: string, subject: string) => app.db().outboxEmail.count({ where: { to, subject } });

/** How many newsletter emails of `subject` each address got. */
async function receivedCounts(subject: string): Promise<Map<string, number>> {
  const rows = await app.db().outboxEmail.groupBy({ by: ['to'], where: { subject }, _count: { _all: true } });
  return new Map(rows.map((r) => [r.to, r._count._all]));
}

/** A clock minute of its own for each test: the cap counts every newsletter's sends in a minute. */
let minuteSeed = Date.UTC(2031, 0, 1);
const freshMinute = () => new Date((minuteSeed += 10 * MINUTE_MS));

describe('who receives a newsletter', () => {
  it('goes only to customers who consented: not to those with no choice recorded, who said no, or were anonymised', async () => {
    const yes = await consenting();
    const silent = await fx.user();
    const no = await fx.user();
    await app.setSubscribed(no.id, 'newsletter', false, 'preferences');
    const gone = await consenting();
    await app.db().user.update({ where: { id: gone.id }, data: { anonymisedAt: new Date() } });

    const newsletter = await draft('Consent only');
    await app.startSending('admin', newsletter.id, { kind: 'all' });
    await app.runDueJobs();

    expect(await mailsTo(yes.email, 'Consent only')).toBe(1);
    for (const other of [silent, no, gone]) expect(await mailsTo(other.email, 'Consent only'), other.email).toBe(0);
    const recipients = await app.db().newsletterDelivery.findMany({ where: { newsletterId: newsletter.id }, select: { userId: true } });
    expect(recipients.map((r) => r.userId)).not.toEqual(expect.arrayContaining([silent.id]));
    expect((await app.getNewsletterOrThrow(newsletter.id)).status).toBe('sent');
  });

  it('sends the rendered HTML and text with the sender, the unsubscribe link and the one-click headers', async () => {
    const reader = await consenting();
    const item = await fx.product({ priceCents: 1500 });
    const newsletter = await app.createNewsletter('admin', { subject: 'With cards', markdown: 'Hello **there**', featuredProductIds: [item.id] });
    await app.startSending('admin', newsletter.id, { kind: 'all' });
    await app.runDueJobs();
    const mail = await app.db().outboxEmail.findFirstOrThrow({ where: { to: reader.email, subject: 'With cards' } });
    expect(mail.html).toContain('<strong>there</strong>');
    expect(mail.html).toContain(`${SITE_URL}/product/${item.id}`);
    expect(mail.html).toContain(REGISTERED_BUSINESS.name);
    expect(mail.text).toContain(`${item.title}: 15.00 AUD`);
    expect(mail.text).toMatch(new RegExp(`Unsubscribe: ${SITE_URL}/unsubscribe\\?token=u1\\.`));
    expect((mail.headers as Record<string, string>)['List-Unsubscribe-Post']).toBe('List-Unsubscribe=One-Click');
  });

  it('picks members, buyers of a category and customers who never bought, each among those who consented', async () => {
    const member = await consenting({ membershipEndsAt: new Date(Date.now() + 30 * 86_400_000) });
    const lapsed = await consenting({ membershipEndsAt: new Date(Date.now() - 86_400_000) });
    const category = await fx.category();
    const inCategory = await fx.product({ priceCents: 700 });
    await app.db().product.update({ where: { id: inCategory.id }, data: { categoryId: category.id } });
    const buyer = await consenting();
    const { sessionId } = await app.createCheckout({ productIds: [inCategory.id], userId: buyer.id, customerEmail: buyer.email, siteUrl: SITE_URL });
    await app.completeTestPayment(sessionId, buyer.email);
    const buyerWithoutConsent = await fx.user();
    const other = await app.createCheckout({
      productIds: [inCategory.id],
      userId: buyerWithoutConsent.id,
      customerEmail: buyerWithoutConsent.email,
      siteUrl: SITE_URL,
    });
    await app.completeTestPayment(other.sessionId, buyerWithoutConsent.email);

    const recipients = async (segment: Parameters<typeof app.segmentRecipientsSql>[0]) =>
      (await app.db().$queryRaw<{ userId: string }[]>(app.segmentRecipientsSql(segment))).map((r) => r.userId);
    const members = await recipients({ kind: 'members' });
    expect(members).toContain(member.id);
    expect(members).not.toContain(lapsed.id);
    expect(await recipients({ kind: 'category', name: category.name })).toEqual([buyer.id]);
    const neverBought = await recipients({ kind: 'never_bought' });
    expect(neverBought).toContain(member.id);
    expect(neverBought).not.toContain(buyer.id);
    expect(neverBought).not.toContain(buyerWithoutConsent.id);
  });
});

describe('sending in batches', () => {
  it('never sends more than the cap in a clock minute, going on in the next minute', async () => {
    const readers = await Promise.all(Array.from({ length: 7 }, () => consenting()));
    const newsletter = await draft('Capped');
    const minute = freshMinute();
    await app.startSending('admin', newsletter.id, { kind: 'all' }, minute);
    const total = (await app.newsletterProgress(newsletter.id)).total;
    expect(total).toBeGreaterThanOrEqual(readers.length);

    const at = (ms: number) => new Date(minute.getTime() + ms);
    expect(await app.sendNewsletterBatch(newsletter.id, at(10_000), 3)).toBe(3);
    expect(await app.sendNewsletterBatch(newsletter.id, at(50_000), 3)).toBe(0);
    let sent = 3;
    for (let m = 1; sent < total; m++) sent += await app.sendNewsletterBatch(newsletter.id, at(m * MINUTE_MS + 5_000), 3);
    expect(sent).toBe(total);

    const perMinute = await app.db().$queryRaw<{ minute: Date; n: number }[]>`
      SELECT date_trunc('minute', "sentAt") AS minute, count(*)::int AS n FROM "NewsletterDelivery"
      WHERE "newsletterId" = ${newsletter.id} GROUP BY 1 ORDER BY 1`;
    expect(perMinute.every((row) => row.n <= 3)).toBe(true);
    expect(perMinute.length).toBe(Math.ceil(total / 3));
    // While rows were left, each batch queued the next for the start of the next minute.
    const chained = await queuedJobs(app.NEWSLETTER_BATCH_JOB, { newsletterId: newsletter.id });
    expect(chained.some((job) => job.startAfter.getTime() === minute.getTime() + MINUTE_MS)).toBe(true);
    expect((await app.getNewsletterOrThrow(newsletter.id)).status).toBe('sent');
  });

  it('sends nobody twice when batches run side by side, run again, or follow a worker that died mid-batch', async () => {
    await Promise.all(Array.from({ length: 6 }, () => consenting()));
    const newsletter = await draft('Exactly once');
    const minute = freshMinute();
    await app.startSending('admin', newsletter.id, { kind: 'all' }, minute);
    const deliveries = await app.db().newsletterDelivery.findMany({ where: { newsletterId: newsletter.id }, orderBy: { id: 'asc' } });

    // A worker claimed two rows (queued → sent, as its claim does) and died before handing them to SMTP.
    const lost = deliveries.slice(0, 2);
    await app.db().newsletterDelivery.updateMany({ where: { id: { in: lost.map((d) => d.id) } }, data: { status: 'sent', sentAt: minute } });

    // Its job runs again, twice at once, and once more, and the queue's own run after them.
    const later = new Date(minute.getTime() + 5_000);
    await Promise.all([app.sendNewsletterBatch(newsletter.id, later, 100), app.sendNewsletterBatch(newsletter.id, later, 100)]);
    await app.sendNewsletterBatch(newsletter.id, later, 100);
    await app.runDueJobs();

    const counts = await receivedCounts('Exactly once');
    expect([...counts.values()].every((n) => n === 1)).toBe(true);
    for (const d of lost) expect(counts.get(d.email) ?? 0, 'claimed before the crash: at most once means not again').toBe(0);
    expect(counts.size).toBe(deliveries.length - lost.length);
  });

  it('skips a recipient who unsubscribed after sending started, and counts those who unsubscribed after receiving it', async () => {
    const [stays, leaves, leavesAfter] = [await consenting(), await consenting(), await consenting()];
    const newsletter = await draft('Changed minds');
    await app.startSending('admin', newsletter.id, { kind: 'all' });
    await app.setSubscribed(leaves.id, 'newsletter', false, 'one_click');
    await app.runDueJobs();

    expect(await mailsTo(stays.email, 'Changed minds')).toBe(1);
    expect(await mailsTo(leaves.email, 'Changed minds')).toBe(0);
    const skipped = await app.db().newsletterDelivery.findFirstOrThrow({ where: { newsletterId: newsletter.id, userId: leaves.id } });
    expect(skipped).toMatchObject({ status: 'skipped_unsubscribed', sentAt: null });

    await new Promise((r) => setTimeout(r, 5)); // the preference's updatedAt must be later than the send
    await app.setSubscribed(leavesAfter.id, 'newsletter', false, 'unsubscribe_link');
    const progress = await app.newsletterProgress(newsletter.id);
    expect(progress).toMatchObject({ skippedUnsubscribed: 1, unsubscribedSince: 1, failed: 0, queued: 0 });
    expect(progress.sent).toBe(progress.total - 1);
  });

  it('fixes a newsletter once sending starts: no second send, no edit', async () => {
    await consenting();
    const newsletter = await draft('Once only');
    await app.startSending('admin', newsletter.id, { kind: 'all' });
    await expect(app.startSending('admin', newsletter.id, { kind: 'all' })).rejects.toMatchObject({ code: 'conflict' });
    await expect(app.updateNewsletter('admin', newsletter.id, { subject: 'x', markdown: 'y', featuredProductIds: [] })).rejects.toMatchObject({
      code: 'conflict',
    });
    await expect(app.startSending('admin', (await draft('Nowhere')).id, { kind: 'category', name: 'No such category' })).rejects.toMatchObject({
      code: 'invalid_request',
    });
  });
});
