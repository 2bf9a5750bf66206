import AxeBuilder from '@axe-core/playwright';
import { randomBytes } from 'node:crypto';
import { expect, test, type Browser, type Page } from '@playwright/test';
import { zonedDateTime } from '@/lib/format';
import { apiGet, aud, productList, sql } from './helpers';

// Admin → Vouchers → Discount codes (Decision 090) on a desktop and on a phone:
// a code made with its rules (the end typed in Sydney time, stored as that
// instant), used by a paid order so its uses, revenue and discount given show,
// disabled so the cart names the rule, kept when deleted because it was used;
// a code for chosen products edited in its dialog and deleted while unused.
// axe finds nothing on the panel at either size.

const suffix = randomBytes(3).toString('hex').toUpperCase();

async function adminPage(browser: Browser, viewport: { width: number; height: number }): Promise<Page> {
  const context = await browser.newContext({ viewport, locale: 'en-AU', ...(viewport.width < 500 ? { isMobile: true, hasTouch: true } : {}) });
  const page = await context.newPage();
  await page.goto('/admin/login');
  await page.getByLabel('Username').fill('admin');
  await page.getByLabel('Password').fill('admin');
  await page.getByRole('button', { name: 'Login', exact: true }).click();
  await expect(page).toHaveURL(/\/admin\/dashboard/);
  await page.getByRole('tab', { name: 'Vouchers', exact: true }).click();
  await page.getByRole('button', { name: 'Discount codes' }).click();
  await expect(page.getByRole('heading', { name: 'Create Discount Code' })).toBeVisible();
  return page;
}

async function expectNoAxeViolations(page: Page) {
  const { violations } = await new AxeBuilder({ page }).include('[role="tabpanel"]').withTags(['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa']).analyze();
  expect(violations.map((v) => `${v.id}: ${v.nodes.map((n) => n.target.join(' ')).join(', ')}`)).toEqual([]);
}

const form = (page: Page) => page.getByRole('form', { name: 'Create Discount Code' });
const rowOf = (page: Page, code: string) => page.getByTestId('discount-row').filter({ hasText: code });
const toast = (page: Page, text: string) => page.locator('[data-sonner-toast]').filter({ hasText: text });

test('on a desktop: a capped code with an end in Sydney time, used by a paid order, disabled, and kept when deleted', async ({ browser, request }) => {
  test.setTimeout(120_000);
  const [product] = (await apiGet(request, '/api/products?limit=50', productList)).filter((p) => !p.is_bundle && !p.on_sale && p.price >= 5);
  const code = `E2E-${suffix}`;
  const page = await adminPage(browser, { width: 1280, height: 900 });

  await form(page).getByLabel('Code').fill(code.toLowerCase());
  await expect(form(page).getByLabel('Code')).toHaveValue(code);
  await form(page).getByLabel('Type').selectOption({ label: 'Amount ($)' });
  await form(page).getByLabel('Value').fill('2');
  await form(page).getByLabel('Ends (Sydney time, optional)').fill('2099-01-31T23:30');
  await form(page).getByLabel('Total uses (optional)').fill('5');
  await form(page).getByRole('button', { name: 'Create Discount Code' }).click();
  await expect(toast(page, `Discount code ${code} created`)).toBeVisible();

  const row = rowOf(page, code);
  await expect(row).toContainText(`${aud(2)} off`);
  await expect(row).toContainText('Whole cart');
  await expect(row).toContainText('Now – 31/01/2099, 11:30 pm');
  await expect(row).toContainText('0 of 5');
  await expect(row).toContainText('Active');
  // The time typed in Sydney is stored as that instant (AEDT, UTC+11, in January).
  const [stored] = await sql<{ endsAt: Date }>('SELECT "endsAt" FROM "DiscountCode" WHERE code = $1', [code]);
  expect(stored.endsAt.toISOString()).toBe(zonedDateTime('2099-01-31T23:30').toISOString());
  expect(stored.endsAt.toISOString()).toBe('2099-01-31T12:30:00.000Z');
  await expectNoAxeViolations(page);

  // A paid order with the code: its figures show in the row.
  const opened = await request.post(`/api/checkout/session?discount_code=${code}`, { data: [{ product_id: product.id }] });
  expect(opened.ok(), await opened.text()).toBe(true);
  const { session_id } = (await opened.json()) as { session_id: string };
  expect((await request.post(`/api/checkout/test/${session_id}/complete`, { data: { email: `dc-${suffix.toLowerCase()}@example.com` } })).ok()).toBe(true);
  await page.reload();
  await page.getByRole('tab', { name: 'Vouchers', exact: true }).click();
  await page.getByRole('button', { name: 'Discount codes' }).click();
  await page.getByLabel('Search discount codes').fill(code);
  await expect(page.getByTestId('discount-row')).toHaveCount(1);
  await expect(row).toContainText('1 of 5');
  const cells = row.getByRole('cell');
  await expect(cells.nth(5)).toHaveText('1');
  await expect(cells.nth(6)).toHaveText(aud(Math.round((product.price - 2) * 100) / 100));
  await expect(cells.nth(7)).toHaveText(aud(2));

  await row.getByRole('button', { name: `Disable ${code}` }).click();
  await expect(row).toContainText('Disabled');
  const refused = await request.post(`/api/validate-discount?code=${code}`);
  expect(await refused.json()).toMatchObject({ valid: false, message: 'This discount code has been disabled' });
  await row.getByRole('button', { name: `Enable ${code}` }).click();
  await expect(row).toContainText('Active');

  await row.getByRole('button', { name: `Delete ${code}` }).click();
  const dialog = page.getByRole('dialog', { name: 'Delete discount code' });
  await expect(dialog).toContainText('has been used, so it will be kept for your records and disabled');
  await dialog.getByRole('button', { name: 'Delete' }).click();
  await expect(toast(page, `Discount code ${code} has been used, so it was kept and disabled`)).toBeVisible();
  await expect(row).toContainText('Disabled');
  await page.context().close();
});

test('on a phone: a code for chosen products, edited in its dialog, deleted while unused, with nothing wider than the screen', async ({ browser, request }) => {
  test.setTimeout(120_000);
  const [product] = (await apiGet(request, '/api/products?limit=50', productList)).filter((p) => !p.is_bundle);
  const code = `PHONE-${suffix}`;
  const page = await adminPage(browser, { width: 390, height: 844 });

  await form(page).getByLabel('Code').fill(code);
  await form(page).getByLabel('Value').fill('15');
  await form(page).getByLabel('Applies to', { exact: true }).selectOption({ label: 'Products or bundles' });
  await form(page).getByLabel('Products or bundles', { exact: true }).fill(product.title);
  await form(page).getByRole('option', { name: product.title }).getByRole('button').click();
  await expect(form(page).getByRole('list', { name: 'Products and bundles the code applies to' })).toContainText(product.title);
  await form(page).getByLabel('Uses per customer (optional)').fill('1');
  await form(page).getByRole('button', { name: 'Create Discount Code' }).click();
  await expect(toast(page, `Discount code ${code} created`)).toBeVisible();
  const row = rowOf(page, code);
  await expect(row).toContainText('15% off');
  await expect(row).toContainText('Products or bundles');
  await expectNoAxeViolations(page);
  // The list scrolls inside its own box; the page itself never scrolls sideways.
  expect(await page.evaluate(() => document.documentElement.scrollWidth <= window.innerWidth)).toBe(true);

  await row.getByRole('button', { name: `Edit ${code}` }).click();
  const edit = page.getByRole('dialog', { name: `Edit ${code}` });
  await expect(edit.getByLabel('Value')).toHaveValue('15');
  await expect(edit.getByRole('list', { name: 'Products and bundles the code applies to' })).toContainText(product.title);
  await edit.getByLabel('Value').fill('30');
  await edit.getByLabel('New customers only').check();
  await expectNoAxeViolations(page);
  await edit.getByRole('button', { name: 'Save' }).click();
  await expect(toast(page, `Discount code ${code} saved`)).toBeVisible();
  await expect(edit).toBeHidden();
  await expect(row).toContainText('30% off');
  const [saved] = await sql<{ valueBasisPoints: number; newCustomersOnly: boolean; productIds: string[] }>(
    'SELECT "valueBasisPoints", "newCustomersOnly", "productIds" FROM "DiscountCode" WHERE code = $1',
    [code],
  );
  expect(saved).toEqual({ valueBasisPoints: 3000, newCustomersOnly: true, productIds: [product.id] });

  await row.getByRole('button', { name: `Delete ${code}` }).click();
  await page.getByRole('dialog', { name: 'Delete discount code' }).getByRole('button', { name: 'Delete' }).click();
  await expect(toast(page, `Discount code ${code} deleted`)).toBeVisible();
  await expect(row).toHaveCount(0);
  expect(await sql('SELECT 1 FROM "DiscountCode" WHERE code = $1', [code])).toHaveLength(0);
  await page.context().close();
});
