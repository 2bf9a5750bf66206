import AxeBuilder from '@axe-core/playwright';
import { expect, test, type Browser, type Locator, type Page } from '@playwright/test';
import { apiGet, aud, productList, signInAsAdmin, uniqueEmail } from './helpers';
import { insightsResponse } from '@/lib/contract/insights';
import { dayCount, financialYearOf, shopDay } from '@/lib/calendar';

// The Insights tab (Decision 083) on a phone and on a desktop: a sale made
// through the test payment page shows in today's figures, the chart draws a
// bar per period with the same figures as a table for screen readers, the
// presets and the interval change both, and a reversed custom range is refused.
// axe finds nothing on the tab at either size, and every control works from
// the keyboard alone.

async function adminPage(browser: Browser, viewport: { width: number; height: number }): Promise<Page> {
  const context = await browser.newContext({ viewport, ...(viewport.width < 500 ? { isMobile: true, hasTouch: true } : {}) });
  const page = await context.newPage();
  await signInAsAdmin(page);
  await page.goto('/admin/dashboard?tab=insights');
  await expect(page.getByRole('tab', { name: 'Insights', exact: true })).toHaveAttribute('aria-selected', 'true');
  return page;
}

/** WCAG 2.1 A and AA rules over the Insights panel, once its figures and chart are drawn. */
async function expectNoAxeViolations(page: Page) {
  await expect(page.getByTestId('net-sales-chart').locator('svg')).toBeVisible();
  const { violations } = await new AxeBuilder({ page }).include('[role="tabpanel"]').withTags(['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa']).analyze();
  expect(violations.map((v) => `${v.id}: ${v.nodes.map((n) => n.target.join(' ')).join(', ')}`)).toEqual([]);
}

/** Presses Tab until `target` has the focus (at most `limit` times), as a keyboard user reaches it. */
async function tabTo(page: Page, target: Locator, limit = 40) {
  for (let i = 0; i < limit; i++) {
    await page.keyboard.press('Tab');
    if (await target.evaluate((el) => el === document.activeElement)) {
      // The focus is shown, not only moved.
      const style = await target.evaluate((el) => ({ outline: getComputedStyle(el).outlineStyle, ring: getComputedStyle(el).boxShadow }));
      expect(style.outline !== 'none' || style.ring !== 'none', `no focus outline or ring on ${target.toString()}`).toBe(true);
      return;
    }
  }
  throw new Error(`Tab never reached ${target.toString()}`);
}

const chartBars = (page: Page) => page.getByTestId('net-sales-chart').locator('line.ct-bar');
const figure = (page: Page, label: string) =>
  page
    .locator('dl > div')
    .filter({ has: page.locator('dt', { hasText: new RegExp(`^${label}$`) }) })
    .locator('dd')
    .first();

test('on a phone: a sale made today shows in the figures, the chart and its table, with nothing wider than the screen', async ({ browser, request }) => {
  test.setTimeout(90_000);
  const [product] = (await apiGet(request, '/api/products?limit=50', productList)).filter((p) => !p.is_bundle);
  const checkout = await request.post('/api/checkout/session', { data: [{ product_id: product.id }] });
  expect(checkout.ok(), await checkout.text()).toBe(true);
  const { session_id } = (await checkout.json()) as { session_id: string };
  expect((await request.post(`/api/checkout/test/${session_id}/complete`, { data: { email: uniqueEmail('insights-e2e') } })).ok()).toBe(true);

  const page = await adminPage(browser, { width: 390, height: 844 });
  await page.getByRole('button', { name: 'Today', exact: true }).click();
  await expect(page.getByRole('button', { name: 'Today', exact: true })).toHaveAttribute('aria-pressed', 'true');
  const today = shopDay();
  await expect(page.getByRole('heading', { level: 2, name: `${today} to ${today}` })).toBeVisible();

  const body = await apiGet(page.request, `/api/admin/insights?from=${today}&to=${today}&interval=day`, insightsResponse);
  expect(body.totals.orders).toBeGreaterThanOrEqual(1);
  await expect(figure(page, 'Net sales')).toHaveText(aud(body.totals.net_sales));
  await expect(figure(page, 'Orders')).toHaveText(String(body.totals.orders));
  await expect(page.getByRole('region', { name: 'Top products' }).getByRole('table', { name: 'By units' })).toContainText(product.title);

  await expect(chartBars(page)).toHaveCount(1);
  const table = page.getByRole('table', { name: `Net sales per day, ${today} to ${today}` });
  await expect(table.getByRole('row')).toHaveCount(2);
  await expect(table.getByRole('row').nth(1)).toContainText(aud(body.series[0].net_sales));

  // The page itself never scrolls sideways: wide tables scroll inside their own box.
  const overflow = await page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth);
  expect(overflow).toBeLessThanOrEqual(0);
  await expectNoAxeViolations(page);
  await page.context().close();
});

test('on a desktop: the financial year by month, then by week, and a reversed custom range refused', async ({ browser }) => {
  test.setTimeout(90_000);
  const page = await adminPage(browser, { width: 1366, height: 900 });
  const today = shopDay();
  const year = { from: financialYearOf(today).from, to: today };

  await page.getByRole('button', { name: 'This financial year' }).click();
  await expect(page.getByLabel('Chart by')).toHaveValue('month');
  await expect(page.getByRole('heading', { level: 2, name: `${year.from} to ${year.to}` })).toBeVisible();
  const months = Number(today.slice(5, 7)) >= 7 ? Number(today.slice(5, 7)) - 6 : Number(today.slice(5, 7)) + 6;
  await expect(chartBars(page)).toHaveCount(months);
  await expect(page.getByRole('table', { name: `Net sales per month, ${year.from} to ${year.to}` }).getByRole('row')).toHaveCount(months + 1);
  await expect(page.getByRole('table', { name: 'BAS: GST on sales by quarter' }).getByRole('row')).toHaveCount(1 + Math.ceil(months / 3));

  await page.getByLabel('Chart by').selectOption('week');
  const weeks = Math.ceil((dayCount(year) + ((new Date(`${year.from}T00:00:00Z`).getUTCDay() + 6) % 7)) / 7);
  await expect(page.getByRole('table', { name: `Net sales per week, ${year.from} to ${year.to}` }).getByRole('row')).toHaveCount(weeks + 1);
  await expect(chartBars(page)).toHaveCount(weeks);

  // The table a screen reader reads can be shown to the eye too.
  await page.getByRole('button', { name: 'Show the figures' }).click();
  await expect(page.getByRole('button', { name: 'Show the figures' })).toHaveAttribute('aria-pressed', 'true');
  await expect(page.getByRole('table', { name: `Net sales per week, ${year.from} to ${year.to}` })).toBeVisible();

  await page.getByLabel('From', { exact: true }).fill('2026-06-30');
  await page.getByLabel('To', { exact: true }).fill('2026-06-01');
  await page.getByRole('button', { name: 'Show range' }).click();
  await expect(page.getByRole('alert').filter({ hasText: 'The start date must not be after the end date' })).toBeVisible();
  await expect(page.getByRole('heading', { level: 2, name: `${year.from} to ${year.to}` })).toBeVisible();
  await page.getByLabel('To', { exact: true }).fill('2026-07-31');
  await page.getByRole('button', { name: 'Show range' }).click();
  await expect(page.getByRole('heading', { level: 2, name: '2026-06-30 to 2026-07-31' })).toBeVisible();
  await expect(page.getByRole('table', { name: 'BAS: GST on sales by quarter' })).toContainText('Apr–Jun 2026');
  await expect(page.getByRole('table', { name: 'BAS: GST on sales by quarter' })).toContainText('Jul–Sep 2026');
  await expectNoAxeViolations(page);
  await page.context().close();
});

test('from the keyboard alone: presets, the interval, the figures table and a custom range', async ({ browser }) => {
  test.setTimeout(90_000);
  const page = await adminPage(browser, { width: 1366, height: 900 });
  const today = shopDay();
  await page.getByRole('tab', { name: 'Insights', exact: true }).focus();

  const todayButton = page.getByRole('button', { name: 'Today', exact: true });
  await tabTo(page, todayButton);
  await page.keyboard.press('Space');
  await expect(todayButton).toHaveAttribute('aria-pressed', 'true');
  await expect(page.getByRole('heading', { level: 2, name: `${today} to ${today}` })).toBeVisible();

  const quarter = page.getByRole('button', { name: 'This quarter', exact: true });
  await tabTo(page, quarter);
  await page.keyboard.press('Enter');
  await expect(quarter).toHaveAttribute('aria-pressed', 'true');
  await expect(page.getByLabel('Chart by')).toHaveValue('week');

  // A closed select changes with the arrow keys.
  await tabTo(page, page.getByLabel('Chart by'));
  await page.keyboard.press('ArrowDown');
  await expect(page.getByLabel('Chart by')).toHaveValue('month');
  await expect(page.getByRole('heading', { level: 3, name: 'Net sales per month' })).toBeVisible();

  const show = page.getByRole('button', { name: 'Show the figures' });
  await tabTo(page, show);
  await page.keyboard.press('Enter');
  await expect(show).toHaveAttribute('aria-pressed', 'true');
  await expect(page.getByRole('table', { name: /^Net sales per month, / })).toBeVisible();

  // Dates typed digit by digit into the date fields, the form sent with Enter. Day and month
  // are the same number, so the browser's own field order (month first or day first) does not matter.
  await page.getByRole('button', { name: '7 days', exact: true }).focus();
  await tabTo(page, page.getByLabel('From', { exact: true }));
  await page.keyboard.type('02022026');
  await tabTo(page, page.getByLabel('To', { exact: true }));
  await page.keyboard.type('03032026');
  await expect(page.getByLabel('To', { exact: true })).toHaveValue('2026-03-03');
  await page.keyboard.press('Enter');
  await expect(page.getByRole('heading', { level: 2, name: '2026-02-02 to 2026-03-03' })).toBeVisible();
  await expect(page.getByRole('table', { name: 'Net sales per month, 2026-02-02 to 2026-03-03' }).getByRole('row')).toHaveCount(3);
  await page.context().close();
});
