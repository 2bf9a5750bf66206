import AxeBuilder from '@axe-core/playwright';
import { randomBytes } from 'node:crypto';
import { expect, test, type Browser, type Page } from '@playwright/test';
import { zonedDateTime } from '@/lib/format';
import { apiGet, aud, categoryList, productList, sql, clearClientLimits } from './helpers';

test.beforeAll(clearClientLimits);

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
  const [category] = await apiGet(request, '/api/categories', categoryList);
  const code = `PHONE-${suffix}`;
  const page = await adminPage(browser, { width: 390, height: 844 });

  await form(page).getByLabel('Code').fill(code);
  await form(page).getByLabel('Value').fill('15');
  // Categories are searched by name too; the chips keep what was picked.
  await form(page).getByLabel('Applies to', { exact: true }).selectOption({ label: 'Categories' });
  await form(page).getByRole('combobox', { name: 'Categories' }).fill(category.name);
  await form(page).getByRole('listbox', { name: 'Matching categories' }).getByRole('option', { name: category.name, exact: true }).click();
  await expect(form(page).getByRole('list', { name: 'Categories the code applies to' })).toContainText(category.name);
  await form(page).getByLabel('Applies to', { exact: true }).selectOption({ label: 'Products or bundles' });
  await form(page).getByRole('combobox', { name: 'Products or bundles' }).fill(product.title);
  await form(page).getByRole('listbox', { name: 'Matching products and bundles' }).getByRole('option', { name: product.title, exact: true }).click();
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

test('in the cart: a guest applies a code for one product, sees it priced on that item only, and gives an email the code counts', async ({ page, request }) => {
  test.setTimeout(90_000);
  const products = await apiGet(request, '/api/products?limit=48', productList);
  await page.goto('/products');
  const shown = new Set((await page.getByTestId('product-card').getByRole('heading').allTextContents()).map((t) => t.trim()));
  const [covered, notCovered] = products.filter((p) => shown.has(p.title) && !p.on_sale && !p.is_bundle);
  const code = `CART-${suffix}`;
  const admin = await request.post('/api/auth/login', { form: { username: 'admin', password: 'admin' } });
  const { token } = (await admin.json()) as { token: string };
  const made = await request.post('/api/admin/discounts', {
    headers: { authorization: `Bearer ${token}` },
    data: { code, type: 'percentage', value: 50, applies_to: 'products', product_ids: [covered.id], max_uses_per_customer: 1 },
  });
  expect(made.status(), await made.text()).toBe(201);

  for (const product of [covered, notCovered]) {
    const card = page.getByTestId('product-card').filter({ has: page.getByRole('heading', { name: product.title, exact: true }) });
    await card.getByRole('button', { name: 'Add to Cart' }).click();
    await expect(page.getByText(`${product.title} added to cart! 🎀`)).toBeVisible();
  }
  await page.getByRole('link', { name: 'Cart, 2 items' }).click();
  await page.getByLabel('Discount code').fill(code);
  await page.getByRole('button', { name: 'Apply' }).click();
  const half = Math.round(covered.price * 50) / 100;
  await expect(page.getByTestId('discount-line')).toContainText(`−${aud(half)}`);
  await expect(page.getByTestId('discount-line')).toContainText('50% off selected items');

  // The code counts uses per customer: a guest gives an email before checkout.
  await page.getByRole('button', { name: 'Proceed to Checkout' }).click();
  await expect(page.locator('[data-sonner-toast]').filter({ hasText: 'Enter your email address to use this discount code' })).toBeVisible();
  await page.getByLabel('Your email (this code counts uses per customer)').fill(`cart-${suffix.toLowerCase()}@example.com`);
  await page.getByRole('button', { name: 'Proceed to Checkout' }).click();
  await page.waitForURL(/\/checkout\/test\/cs_test_/);
  await expect(page.getByTestId('test-payment-total')).toHaveText(aud(Math.round((covered.price + notCovered.price - half) * 100) / 100));
  const [held] = await sql<{ emailKey: string }>(
    'SELECT r."emailKey" FROM "DiscountRedemption" r JOIN "DiscountCode" c ON c.id = r."discountCodeId" WHERE c.code = $1',
    [code],
  );
  expect(held.emailKey).toBe(`cart-${suffix.toLowerCase()}@example.com`);
});
