import { randomBytes } from 'node:crypto';
import { expect, test, type Locator, type Page } from '@playwright/test';
import { apiGet, aud, pick, productList, sql, uniqueEmail, waitForMail, type ProductResponse, clearClientLimits } from './helpers';

test.beforeAll(clearClientLimits);

// The back office end to end (docs/product.md §2 Admin, §5, §8): sign-in, categories,
// product edit and bulk category, sales, vouchers, orders, banner, logout,
// with the storefront showing each change on its next request.

const suffix = randomBytes(3).toString('hex').toUpperCase();
const CATEGORY = `E2E Prints ${suffix}`;
const SUBCATEGORY = 'Mini Posters';

const toast = (page: Page, text: string) => page.locator('[data-sonner-toast]').filter({ hasText: text });

async function openTab(page: Page, name: string): Promise<Locator> {
  await page.getByRole('tab', { name, exact: true }).click();
  await expect(page.getByRole('tab', { name, exact: true })).toHaveAttribute('aria-selected', 'true');
  return page.getByRole('tabpanel');
}

/** The voucher email through the SMTP catcher when the runner has one, else the outbox table. */
async function voucherMailText(address: string): Promise<string> {
  if (process.env.MAIL_DIR) return (await waitForMail(address)).text;
  let rows: { text: string }[] = [];
  await expect
    .poll(async () => {
      rows = await sql<{ text: string }>(`SELECT text FROM "OutboxEmail" WHERE "to" = $1 ORDER BY "createdAt" DESC`, [address]);
      return rows.length;
    })
    .toBeGreaterThan(0);
  return rows[0].text;
}

/** A paid order through the public test-payment flow, as a guest buying `productId`. */
async function paidOrder(page: Page, productId: string, email: string): Promise<string> {
  const session = await page.request.post('/api/checkout/session', { data: [{ product_id: productId }] });
  expect(session.ok(), await session.text()).toBe(true);
  const { session_id } = (await session.json()) as { session_id: string };
  const complete = await page.request.post(`/api/checkout/test/${session_id}/complete`, { data: { email } });
  expect(complete.ok(), await complete.text()).toBe(true);
  return session_id;
}

test('the dashboard without a valid session redirects to the admin login', async ({ page, context, baseURL }) => {
  await page.goto('/admin/dashboard');
  await expect(page).toHaveURL(/\/admin\/login$/);
  await expect(page.getByRole('heading', { name: 'Admin Login' })).toBeVisible();

  // A cookie gets past the middleware; the page itself checks the session.
  await context.addCookies([{ name: 'shop_admin', value: 'forged-session-token-0123456789abcdef', url: baseURL! }]);
  await page.goto('/admin/dashboard');
  await expect(page).toHaveURL(/\/admin\/login$/);
  await expect(page.getByRole('link', { name: 'Back to Site' })).toHaveAttribute('href', '/');
});

test('the owner manages the shop from the dashboard and the storefront follows', async ({ page, request }) => {
  test.setTimeout(180_000);
  const products = await apiGet(request, '/api/products?limit=100', productList);
  // Priced items outside any sale and subcategory, so the other specs' fixtures stay as they are (a $0 download takes no sale).
  const [first, second] = products.filter((p) => !p.on_sale && !p.is_bundle && p.subcategory === null && p.price > 0).slice(-2);
  expect(second, 'two products without a sale or subcategory').toBeDefined();

  await test.step('sign in: a wrong password first', async () => {
    await page.goto('/admin/login');
    await page.getByLabel('Username').fill('admin');
    await page.getByLabel('Password').fill('not-the-password');
    await page.getByRole('button', { name: 'Login', exact: true }).click();
    await expect(toast(page, 'Invalid credentials')).toBeVisible();
    await expect(page).toHaveURL(/\/admin\/login$/);

    await page.getByLabel('Password').fill('admin');
    await page.getByRole('button', { name: 'Login', exact: true }).click();
    await expect(page).toHaveURL(/\/admin\/dashboard$/);
    await expect(page.getByRole('heading', { name: 'Admin Dashboard' })).toBeVisible();
    await expect(page.getByRole('link', { name: 'Return to Store' })).toHaveAttribute('href', '/');
    const stored = await page.evaluate(() => ({ name: localStorage.getItem('admin_username'), token: localStorage.getItem('admin_token') }));
    expect(stored).toEqual({ name: 'admin', token: null });
  });

  await test.step('create a category with a subcategory', async () => {
    const panel = await openTab(page, 'Categories');
    await panel.getByLabel('New category name').fill(CATEGORY);
    await panel.getByRole('button', { name: 'Add Category' }).click();
    await expect(toast(page, 'Category added')).toBeVisible();

    await panel.getByRole('button', { name: `Edit ${CATEGORY}` }).click();
    const dialog = page.getByRole('dialog', { name: 'Edit Category' });
    await dialog.getByLabel('New subcategory').fill(SUBCATEGORY);
    await dialog.getByLabel('New subcategory').press('Enter');
    await expect(dialog.getByRole('list', { name: 'Subcategories' }).getByRole('listitem')).toHaveCount(1);
    await expect(dialog.getByRole('button', { name: `Delete subcategory ${SUBCATEGORY}` })).toBeVisible();
    await dialog.getByRole('button', { name: 'Save' }).click();
    await expect(toast(page, 'Category updated')).toBeVisible();
    await expect(dialog).toBeHidden();
    await expect(panel.getByRole('list', { name: `${CATEGORY} subcategories` })).toHaveText(SUBCATEGORY);
  });

  await test.step('move two products into it with the bulk category update', async () => {
    const panel = await openTab(page, 'All Products');
    await panel.getByRole('button', { name: 'Update Category' }).click();
    await expect(toast(page, 'Select products and choose a category')).toBeVisible();

    // The list pages on the server: each product is found by its title, and the selection holds across searches.
    const search = panel.getByLabel('Search products');
    await search.fill(first.title);
    await panel.getByLabel(`Select ${first.title}`).check();
    await search.fill(second.title);
    await panel.getByLabel(`Select ${second.title}`).check();
    await pick(panel, 'Move selected to category', CATEGORY);
    await panel.getByRole('button', { name: 'Update Category' }).click();
    await expect(toast(page, 'Updated successfully')).toBeVisible();
    await expect(panel.getByTestId('admin-product').filter({ hasText: second.title })).toContainText(CATEGORY);
    // The edit below reports with the same words.
    await expect(toast(page, 'Updated successfully')).toBeHidden({ timeout: 10_000 });
  });

  const price = 12.34;
  const salePrice = 9.87;
  await test.step('edit a product: price, sale price, On Sale and subcategory', async () => {
    // Rendered (and cached) before the edit, so the check below proves the cache was invalidated.
    expect((await request.get(`/product/${first.id}`)).ok()).toBe(true);

    const panel = await openTab(page, 'All Products');
    await panel.getByLabel('Search products').fill(first.title);
    await panel.getByRole('button', { name: `Edit ${first.title}` }).click();
    const dialog = page.getByRole('dialog', { name: 'Edit Product' });
    await expect(dialog.getByLabel('Title')).toHaveValue(first.title);
    await expect(dialog.getByRole('combobox', { name: 'Category', exact: true })).toHaveValue(CATEGORY);
    await dialog.getByLabel('Regular price').fill(String(price));
    await dialog.getByLabel('Sale price').fill(String(salePrice));
    await dialog.getByLabel('On Sale').check();
    await pick(dialog, 'Subcategory', SUBCATEGORY);
    await dialog.getByRole('button', { name: 'Save Changes' }).click();
    await expect(toast(page, 'Updated successfully')).toBeVisible();
    await expect(dialog).toBeHidden();

    const storefront = await page.context().newPage();
    await storefront.goto(`/product/${first.id}`);
    const percent = Math.round((1 - salePrice / price) * 100);
    await expect(storefront.getByText(`SALE - ${percent}% OFF`)).toBeVisible();
    await expect(storefront.locator('s', { hasText: aud(price) })).toBeVisible();
    await expect(storefront.getByText(aud(salePrice)).first()).toBeVisible();
    await expect(storefront.getByRole('link', { name: SUBCATEGORY })).toBeVisible();
    await storefront.close();
  });

  await test.step('schedule a 25 % sale on the category, see it listed, then end it', async () => {
    const panel = await openTab(page, 'Sales Manager');
    await expect(panel.getByLabel('Apply to').locator('option', { hasText: 'Selected Products' })).toHaveText('Selected Products (2)');
    await panel.getByLabel('Apply to').selectOption({ label: 'Specific Category' });
    await pick(panel, 'Category', CATEGORY);
    await panel.getByLabel('Discount type').selectOption({ label: 'Percentage Off' });
    await expect(panel.getByLabel('Percentage off (%)')).toHaveValue('20');
    await panel.getByLabel('Percentage off (%)').fill('25');
    await panel.getByRole('button', { name: 'Apply Sale' }).click();
    await expect(toast(page, 'Sale applied to 2 products')).toBeVisible();

    const saleRow = (item: ProductResponse) => panel.getByTestId('active-sale').filter({ hasText: item.title });
    for (const item of [first, second]) {
      await expect(saleRow(item)).toContainText(CATEGORY);
      await expect(saleRow(item)).toContainText('25% off');
      await expect(saleRow(item)).toContainText('7 days left');
    }
    await expect(saleRow(first)).toContainText(aud(price));

    for (const item of [first, second]) {
      await saleRow(item).getByRole('button', { name: 'End Sale' }).click();
      await expect(saleRow(item)).toHaveCount(0);
    }
  });

  await test.step('create a voucher; it is listed and emailed', async () => {
    const panel = await openTab(page, 'Vouchers');
    await panel.getByRole('button', { name: 'Create Voucher' }).click();
    await expect(toast(page, 'Please fill in all required fields')).toBeVisible();

    const owner = uniqueEmail('voucher');
    await panel.getByLabel('Customer email').fill(owner);
    await panel.getByLabel('Type').selectOption({ label: 'Amount ($)' });
    await panel.getByLabel('Value').fill('15');
    await panel.getByLabel('Usage').selectOption({ label: 'Reusable gift card' });
    await panel.getByLabel('Notes').fill('e2e gift card');
    await panel.getByRole('button', { name: 'Create Voucher' }).click();

    const created = panel.getByTestId('created-voucher');
    await expect(created).toContainText(owner);
    const code = (await created.getByTestId('voucher-code').textContent())!.trim();
    expect(code).toMatch(/^[A-Z0-9]{4}-[A-Z0-9]{4}-[A-Z0-9]{4}$/);
    const row = panel.getByTestId('voucher-row').filter({ hasText: code });
    await expect(row).toContainText(owner);
    await expect(row).toContainText('15.00 AUD');
    await expect(row).toContainText('Reusable gift card');
    await expect(row).toContainText('Active');

    expect(await voucherMailText(owner)).toContain(code);
  });

  await test.step('find an order by email and resend its email', async () => {
    const buyer = uniqueEmail('order');
    const sessionId = await paidOrder(page, second.id, buyer);

    const panel = await openTab(page, 'Orders');
    await expect(panel.getByLabel('Status')).toHaveValue('paid');
    await panel.getByLabel('Customer email').fill(buyer);
    await panel.getByRole('button', { name: 'Apply Filters' }).click();
    const card = panel.getByTestId('admin-order');
    await expect(card).toHaveCount(1);
    await expect(card.getByRole('heading', { level: 3 })).toHaveText(`Order …${sessionId.slice(-8)}`);
    await expect(card).toContainText(buyer);
    await expect(card).toContainText('paid');
    await expect(card).toContainText(second.title);

    const resendTo = uniqueEmail('resend');
    await card.getByRole('button', { name: 'Resend Order Email' }).click();
    const dialog = page.getByRole('dialog', { name: 'Resend Order Email' });
    await expect(dialog.getByLabel('Order')).toHaveValue(sessionId);
    await expect(dialog.getByLabel('Send to email')).toHaveValue(buyer);
    await dialog.getByLabel('Send to email').fill(resendTo);
    await dialog.getByRole('button', { name: 'Send Email' }).click();
    await expect(toast(page, `Email sent to ${resendTo}`)).toBeVisible();
    await expect(card.getByTestId('email-log').filter({ hasText: resendTo })).toContainText('sent by admin');
    if (process.env.MAIL_DIR) expect((await waitForMail(resendTo)).text).toContain(second.title);
  });

  await test.step('change the banner; the home page shows it in upper case', async () => {
    const panel = await openTab(page, 'Settings');
    const message = panel.getByLabel('Banner message');
    await expect(message).not.toHaveValue('');
    await message.fill(`e2e summer sale ${suffix}  new designs weekly`);
    await expect(panel.getByTestId('banner-preview').getByRole('listitem')).toHaveText([`E2E SUMMER SALE ${suffix}`, 'NEW DESIGNS WEEKLY']);
    await panel.getByRole('button', { name: 'Save Banner' }).click();
    await expect(toast(page, 'Banner updated')).toBeVisible();

    await page.goto('/');
    const banner = page.getByTestId('banner');
    await expect(banner.getByText(`E2E SUMMER SALE ${suffix}`).first()).toBeVisible();
    await expect(banner.getByText('NEW DESIGNS WEEKLY').first()).toBeVisible();
  });

  await test.step('logout returns to the login, and the dashboard stays closed', async () => {
    await page.goto('/admin/dashboard');
    await page.getByRole('button', { name: 'Logout' }).click();
    await expect(page).toHaveURL(/\/admin\/login$/);
    expect(await page.evaluate(() => localStorage.getItem('admin_username'))).toBeNull();
    await page.goto('/admin/dashboard');
    await expect(page).toHaveURL(/\/admin\/login$/);
  });
});

test('each dashboard tab has its own address: a link opens it, a reload keeps it, back returns to the previous one', async ({ page }) => {
  const login = await page.request.post('/api/auth/login', { data: { username: 'admin', password: 'admin' } });
  expect(login.ok(), await login.text()).toBe(true);
  // What the admin sees of each tab: the tab marked selected and its panel's own content,
  // so no step moves on while the page is still settling from the last one.
  const panel = page.getByRole('tabpanel');
  const contentOf: Record<string, Locator> = {
    'All Products': panel.getByRole('button', { name: 'New Bundle' }),
    Orders: panel.getByRole('form', { name: 'Order filters' }),
    Vouchers: panel.getByRole('heading', { name: 'Vouchers', exact: true }),
    Settings: panel.getByRole('heading', { name: 'Banner Settings' }),
  };
  // History steps come last: after Back and Forward, Next's router fetches the traversed
  // entries' server data and, when a fetch is cut short, reloads the page to recover
  // (docs/decisions/078); a navigation started meanwhile would be aborted by that reload.
  const shows = async (name: string) => {
    await expect(page.getByRole('tab', { name, exact: true })).toHaveAttribute('aria-selected', 'true');
    await expect(contentOf[name]).toBeVisible();
  };

  await test.step('a link to a tab opens that tab', async () => {
    await page.goto('/admin/dashboard?tab=settings');
    await shows('Settings');
  });

  await test.step('an unknown tab name opens the entry tab, and the address is left as it was asked for', async () => {
    await page.goto('/admin/dashboard?tab=nonsense');
    await shows('All Products');
    await expect(page).toHaveURL(/\/admin\/dashboard\?tab=nonsense$/);
  });

  await test.step('the entry address opens All Products; choosing a tab changes the address', async () => {
    await page.goto('/admin/dashboard');
    await shows('All Products');
    await page.getByRole('tab', { name: 'Orders', exact: true }).click();
    await expect(page).toHaveURL(/\/admin\/dashboard\?tab=orders$/);
    await shows('Orders');
    await openTab(page, 'Vouchers');
    await expect(page).toHaveURL(/\/admin\/dashboard\?tab=vouchers$/);
    await shows('Vouchers');
  });

  await test.step('a reload keeps the tab', async () => {
    await page.reload();
    await shows('Vouchers');
  });

  await test.step('back returns to the previous tab, forward to the next', async () => {
    await page.goBack();
    await expect(page).toHaveURL(/\/admin\/dashboard\?tab=orders$/);
    await shows('Orders');
    await page.goBack();
    await expect(page).toHaveURL(/\/admin\/dashboard$/);
    await shows('All Products');
    await page.goForward();
    await expect(page).toHaveURL(/\/admin\/dashboard\?tab=orders$/);
    await shows('Orders');
  });
});
