import { expect, test } from '@playwright/test';
import PgBoss from 'pg-boss';
import { registerCustomer, sql, uniqueEmail, waitForMail, type CaughtMail, clearClientLimits } from './helpers';
import { buyAsCustomer, createGalleryProduct, expectNoAxeViolations, putOnSale } from './gallery-product';

test.beforeAll(clearClientLimits);

// Marketing email as a mail client receives it (Decision 087): a review request
// and a wishlist sale alert sent by the shop's own worker through real SMTP to
// the run's mail catcher, each with the sender's identity, an unsubscribe link
// and the RFC 8058 headers; the one-click POST a mail provider makes, and the
// footer link's page, each turn their kind of email off.

// The job names of lib/domain/reviews and lib/domain/wishlist (server-only modules a browser test cannot import).
const REVIEW_REQUEST_JOB = 'review-request';
const WISHLIST_DIGEST_JOB = 'wishlist-sale-digest';

/** Mail headers with folded lines joined (RFC 5322 §2.2.3). */
const header = (mail: CaughtMail, name: string) => (mail.headers[name] ?? '').replace(/\r?\n[ \t]*/g, '');

function expectOneClickHeaders(mail: CaughtMail, shopUrl: string): string {
  const listUnsubscribe = header(mail, 'list-unsubscribe');
  const match = /^<([^>]+)>$/.exec(listUnsubscribe);
  expect(match, `List-Unsubscribe: ${listUnsubscribe}`).not.toBeNull();
  const url = new URL(match![1]);
  expect(url.origin + url.pathname).toBe(`${shopUrl}/api/email/unsubscribe`);
  expect(url.searchParams.get('token')).toMatch(/^u1\./);
  expect(header(mail, 'list-unsubscribe-post')).toBe('List-Unsubscribe=One-Click');
  return url.toString();
}

/** Queues the daily sale-alert job now, as its cron would at 21:00 UTC; the shop's worker runs it. */
async function runSaleAlertsNow() {
  const boss = new PgBoss({ connectionString: process.env.DATABASE_URL, schema: 'pgboss', supervise: false, schedule: false, migrate: false });
  await boss.start();
  try {
    expect(await boss.send(WISHLIST_DIGEST_JOB, {})).not.toBeNull();
  } finally {
    await boss.stop({ graceful: false, wait: true });
  }
}

test('review requests and wishlist sale alerts carry List-Unsubscribe headers that unsubscribe in one click', async ({ page, browser, request }) => {
  test.setTimeout(120_000);
  const shopUrl = process.env.SHOP_URL!.replace(/\/+$/, '');
  const [bought, saved] = [await createGalleryProduct(browser, 'Reviewed'), await createGalleryProduct(browser, 'Wished')];
  const email = uniqueEmail('marketing');
  await registerCustomer(page, { name: 'Mara Mail', email, password: 'Marketing-Pass-2025' });
  await expect(page).toHaveURL(/\/membership$/);
  expect((await page.request.put(`/api/account/wishlist/${saved.id}`)).status()).toBe(200);
  const sessionId = await buyAsCustomer(page, bought.id);

  // The request is due 7 days after payment: bring its job forward instead of waiting a week.
  const [order] = await sql<{ id: string }>('SELECT id FROM "Order" WHERE "sessionId" = $1', [sessionId]);
  const moved = await sql(`UPDATE pgboss.job SET start_after = now() WHERE name = $1 AND data @> $2::jsonb AND state = 'created' RETURNING id`, [
    REVIEW_REQUEST_JOB,
    JSON.stringify({ orderId: order.id }),
  ]);
  expect(moved).toHaveLength(1);
  const requestMail = await waitForMail(email, 30_000, 'How are your designs');
  expect(requestMail.text).toContain(`${shopUrl}/product/${bought.id}#reviews`);
  expect(requestMail.text).toMatch(new RegExp(`Unsubscribe: ${shopUrl}/unsubscribe\\?token=u1\\.`));
  expectOneClickHeaders(requestMail, shopUrl);

  await putOnSale(browser, saved.id, 6);
  await runSaleAlertsNow();
  const alert = await waitForMail(email, 30_000, 'from your wishlist');
  expect(alert.subject).toBe(`On sale from your wishlist: ${saved.title}`);
  expect(alert.text).toContain(`${saved.title}: 6.00 AUD (was 12.00 AUD)`);
  const oneClick = expectOneClickHeaders(alert, shopUrl);

  // What a mail provider sends when the customer presses "Unsubscribe": no cookie, no Origin.
  const unsubscribed = await request.post(oneClick, { form: { 'List-Unsubscribe': 'One-Click' } });
  expect(unsubscribed.status(), await unsubscribed.text()).toBe(200);
  expect(await unsubscribed.json()).toMatchObject({ success: true, category: 'wishlist_alerts' });
  const [alerts] = await sql<{ subscribed: boolean; source: string }>(
    `SELECT p.subscribed, p.source FROM "EmailPreference" p JOIN "User" u ON u.id = p."userId" WHERE u.email = $1 AND p.category = 'wishlist_alerts'`,
    [email],
  );
  expect(alerts).toEqual({ subscribed: false, source: 'one_click' });

  // The footer link of the review request: the page asks first, then turns review requests off.
  const footer = /Unsubscribe: (\S+)/.exec(requestMail.text)![1];
  await page.goto(footer);
  await expect(page.getByText(/^Stop sending review requests to m\*\*\*@example\.com\?/)).toBeVisible();
  await expectNoAxeViolations(page);
  await page.getByRole('button', { name: 'Unsubscribe from review requests' }).click();
  await expect(page.getByRole('status')).toHaveText('m***@example.com no longer receives review requests.');
});
