import { existsSync, readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { expect, test, type APIRequestContext, type Locator, type Page } from '@playwright/test';
import { apiGet, productList, sql, uniqueEmail, type CaughtMail, type ProductResponse, clearClientLimits } from './helpers';

test.beforeAll(clearClientLimits);

// Customer accounts and membership in the browser (docs/product.md §2 /login, /my-orders,
// /membership, /membership-success, /forgot-password, /reset-password; §4, §8),
// in test payment mode, with emails caught by the run's SMTP server.

const TEST_PAYMENT_URL = /\/checkout\/test\/(cs_test_[A-Za-z0-9_]+)$/;
const SESSION_COOKIE = /^(__Secure-)?next-auth\.session-token$/;

// The shop shows dates in Australian English for Sydney (docs/decisions/022).
const auDate = (value: Date) =>
  new Intl.DateTimeFormat('en-AU', { timeZone: 'Australia/Sydney', day: '2-digit', month: '2-digit', year: 'numeric' }).format(value);

const cardFor = (page: Page, title: string) => page.getByTestId('product-card').filter({ has: page.getByRole('heading', { name: title, exact: true }) });

/** Products on the first page of /products, so they can be added from the listing. */
async function listedProducts(page: Page, request: APIRequestContext): Promise<ProductResponse[]> {
  const products = await apiGet(request, '/api/products?limit=48', productList);
  await page.goto('/products');
  const titles = new Set((await page.getByTestId('product-card').getByRole('heading').allTextContents()).map((t) => t.trim()));
  return products.filter((p) => titles.has(p.title));
}

async function register(page: Page, name: string, email: string, password: string) {
  await page.goto('/login');
  await page.getByRole('tab', { name: 'Register' }).click();
  await page.getByLabel('Name').fill(name);
  await page.getByLabel('Email', { exact: true }).fill(email);
  await page.getByLabel('Password', { exact: true }).fill(password);
  await page.getByRole('button', { name: 'Create Account' }).click();
}

async function login(page: Page, email: string, password: string) {
  await page.goto('/login');
  await page.getByLabel('Email', { exact: true }).fill(email);
  await page.getByLabel('Password', { exact: true }).fill(password);
  await page.getByRole('button', { name: 'Login', exact: true }).click();
}

/** Follows a download button's redirect to storage and checks the file the browser would save. */
async function expectDownload(page: Page, link: Locator, filename: string) {
  const href = await link.getAttribute('href');
  expect(href).toMatch(/^\/api\/download\//);
  const redirect = await page.request.get(href!, { maxRedirects: 0 });
  expect(redirect.status()).toBe(302);
  const file = await page.request.get(redirect.headers()['location']);
  expect(file.status()).toBe(200);
  expect(file.headers()['content-disposition']).toContain(`filename="${filename}"`);
  expect((await file.body()).length).toBeGreaterThan(0);
}

/** The newest message to `to` whose subject matches, from the SMTP catcher's directory (MAIL_DIR). */
async function newestMail(to: string, subject: RegExp, timeoutMs = 10_000): Promise<CaughtMail> {
  const dir = process.env.MAIL_DIR;
  if (!dir) throw new Error('MAIL_DIR is not set: run the browser tests through `npm test -- e2e`');
  const deadline = Date.now() + timeoutMs;
  while (Date.now() < deadline) {
    if (existsSync(dir)) {
      // Files are numbered in arrival order; the catcher renames each into place only once complete.
      const names = readdirSync(dir)
        .filter((n) => n.endsWith('.json') && !n.startsWith('.'))
        .sort()
        .reverse();
      for (const name of names) {
        const mail = JSON.parse(readFileSync(join(dir, name), 'utf8')) as CaughtMail;
        if (mail.to.some((t) => t.toLowerCase() === to.toLowerCase()) && subject.test(mail.subject)) return mail;
      }
    }
    await new Promise((r) => setTimeout(r, 250));
  }
  throw new Error(`No email to ${to} with a subject like ${subject} within ${timeoutMs} ms`);
}

const linkIn = (mail: CaughtMail, path: string) => {
  const match = new RegExp(`https?://[^\\s"<>]+${path}\\?token=[A-Za-z0-9_-]+`).exec(mail.text);
  expect(match, `a ${path} link in:\n${mail.text}`).not.toBeNull();
  return match![0];
};

test('a new customer registers, subscribes monthly, checks out two products for $0 and downloads them from My Orders', async ({ page, request, baseURL }) => {
  test.setTimeout(120_000);
  const email = uniqueEmail('member');
  const password = 'Member-Pass-2025';

  await register(page, 'Mia Member', email, password);
  await expect(page).toHaveURL(/\/membership$/);
  await expect(page.getByTestId('nav-user')).toHaveText('Mia Member');
  const session = (await page.context().cookies()).find((c) => SESSION_COOKIE.test(c.name));
  expect(session, 'a session cookie').toBeDefined();
  expect(session).toMatchObject({ httpOnly: true, sameSite: 'Lax' });
  expect(await page.evaluate(() => JSON.parse(localStorage.getItem('user') ?? 'null'))).toEqual({
    id: expect.any(String),
    email,
    name: 'Mia Member',
    is_member: false,
  });

  const monthly = page.getByTestId('plan-monthly');
  const yearly = page.getByTestId('plan-yearly');
  await expect(monthly).toContainText('$35');
  await expect(monthly).toContainText('per month');
  await expect(yearly).toContainText('$299');
  await expect(yearly).toContainText('per year');
  await expect(yearly).toContainText('Best Value');
  await expect(yearly).toContainText('save $121');
  await expect(page.getByRole('heading', { name: 'Frequently Asked Questions' })).toBeVisible();

  // The promo code is upper-cased as typed, and an unknown one is refused by the server.
  await page.getByRole('button', { name: 'Have a promo code?' }).click();
  const promo = page.getByLabel('Promo code');
  await promo.pressSequentially('nosuch-code');
  await expect(promo).toHaveValue('NOSUCH-CODE');
  await page.getByRole('button', { name: 'Subscribe Monthly' }).click();
  await expect(page.getByText('Invalid promo code')).toBeVisible();
  await promo.fill('');

  await page.getByRole('button', { name: 'Subscribe Monthly' }).click();
  await page.waitForURL(TEST_PAYMENT_URL);
  const subscriptionSession = TEST_PAYMENT_URL.exec(new URL(page.url()).pathname)![1];
  await expect(page.getByTestId('test-payment-total')).toHaveText('35.00 AUD');
  await page.getByRole('button', { name: 'Complete test payment' }).click();

  // A paid membership checkout must come back to /membership-success.
  await expect
    .soft(page, 'the test payment page returns to /membership-success')
    .toHaveURL(new RegExp(`/membership-success\\?session_id=${subscriptionSession}$`));
  if (!page.url().includes('/membership-success')) await page.goto(`/membership-success?session_id=${subscriptionSession}`);
  await expect(page.getByRole('heading', { name: 'Welcome to the Membership!' })).toBeVisible({ timeout: 25_000 });
  // Prisma keeps UTC in "timestamp without time zone"; read it as text so the runner's zone cannot shift it.
  const [row] = await sql<{ periodEnd: string; planInterval: string; status: string }>(
    `SELECT to_char(m."currentPeriodEnd", 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"') AS "periodEnd", m."planInterval", m.status
       FROM "Membership" m JOIN "User" u ON u.id = m."userId" WHERE u.email = $1`,
    [email],
  );
  expect(row, 'a membership row').toBeDefined();
  expect(row).toMatchObject({ planInterval: 'month', status: 'active' });
  const membership = { currentPeriodEnd: new Date(row.periodEnd) };
  await expect(page.getByTestId('renewal-date')).toHaveText(`Renews on ${auDate(membership.currentPeriodEnd)}`);
  await expect(page.getByRole('link', { name: 'Browse Products' })).toHaveAttribute('href', '/products');
  await expect(page.getByRole('link', { name: 'View Membership' })).toHaveAttribute('href', '/membership');
  // The membership payment's invoice (#17 §3), served to its owner as a PDF.
  const invoiceHref = `/api/orders/invoice/${subscriptionSession}`;
  await expect(page.getByTestId('invoice-link')).toHaveAttribute('href', invoiceHref);
  const invoice = await page.request.get(invoiceHref);
  expect(invoice.status()).toBe(200);
  expect(invoice.headers()['content-type']).toBe('application/pdf');
  await expect(page.getByTestId('nav-user').getByRole('img', { name: 'Member' })).toBeVisible();

  // Members pay nothing: the cart shows the member panel and a $0 total.
  const listed = await listedProducts(page, request);
  const several = listed.find((p) => p.file_count > 1);
  const single = listed.find((p) => p.file_count === 1);
  expect(several && single, 'listed products with several files and with one').toBeTruthy();
  for (const product of [several!, single!]) {
    await cardFor(page, product.title).getByRole('button', { name: 'Add to Cart' }).click();
    await expect(page.getByText(`${product.title} added to cart! 🎀`)).toBeVisible();
  }
  await page.getByRole('link', { name: 'Cart, 2 items' }).click();
  await expect(page.getByTestId('member-panel')).toContainText('Active Member');
  await expect(page.getByLabel('Discount code')).toHaveCount(0);
  await expect(page.getByTestId('order-total')).toHaveText('0.00 AUD');
  await page.getByRole('button', { name: 'Proceed to Checkout' }).click();
  await expect(page).toHaveURL(/\/success\?session_id=cs_free_[A-Za-z0-9]+$/);
  const orderSession = new URL(page.url()).searchParams.get('session_id')!;
  await expect(page.getByRole('heading', { name: 'Payment Successful!' })).toBeVisible();

  await page.goto('/my-orders');
  const orders = page.getByTestId('order-card');
  // The membership purchase is not a download order.
  await expect(orders).toHaveCount(1);
  const order = orders.first();
  await expect(order.getByRole('heading', { name: `Order #${orderSession.slice(-12)}` })).toBeVisible();
  await expect(order.getByTestId('order-amount')).toHaveText('0.00 AUD');
  await expect(order).toContainText('2 items');
  await expect(order).toContainText(auDate(new Date()));
  await expect(page.getByTestId('vouchers-unverified')).toBeVisible();

  const [severalFiles, singleFiles] = await Promise.all(
    [several!, single!].map((p) =>
      sql<{ originalFilename: string }>(
        `SELECT "originalFilename" FROM "ProductFile" WHERE "productId" = $1 AND "removedAt" IS NULL AND "supersededAt" IS NULL ORDER BY position`,
        [p.id],
      ),
    ),
  );
  const severalLine = order.getByTestId('order-product').filter({ has: page.getByRole('heading', { name: several!.title }) });
  await expect(severalLine.getByRole('link')).toHaveCount(severalFiles.length);
  for (const file of severalFiles) await expect(severalLine.getByRole('link', { name: file.originalFilename, exact: true })).toBeVisible();
  const singleLine = order.getByTestId('order-product').filter({ has: page.getByRole('heading', { name: single!.title }) });
  await expect(singleLine.getByRole('link', { name: 'Download File', exact: true })).toBeVisible();
  await expect(singleLine.locator('img')).toHaveAttribute('src', /^\/api\/media\//);
  await expectDownload(page, singleLine.getByRole('link', { name: 'Download File', exact: true }), singleFiles[0].originalFilename);
  const lastFile = severalFiles[severalFiles.length - 1].originalFilename;
  await expectDownload(page, severalLine.getByRole('link', { name: lastFile, exact: true }), lastFile);
  // More than one file in the order: one ZIP of it all.
  await expect(order.getByRole('link', { name: 'Download all', exact: true })).toHaveAttribute('href', `/api/download/${orderSession}/all`);

  // What the customer owns: "Owned" on its card and its page instead of Add to Cart, and a checkout of it is refused, naming it.
  await page.goto('/products');
  const ownedCard = cardFor(page, single!.title);
  await expect(ownedCard.getByRole('link', { name: 'Owned - Download in My Orders' })).toHaveAttribute('href', '/my-orders');
  await expect(ownedCard.getByRole('button', { name: 'Add to Cart' })).toHaveCount(0);
  const notOwned = listed.find((p) => p.id !== several!.id && p.id !== single!.id)!;
  await expect(cardFor(page, notOwned.title).getByRole('button', { name: 'Add to Cart' })).toBeVisible();
  await expect(cardFor(page, notOwned.title).getByRole('link', { name: /^Owned/ })).toHaveCount(0);
  await page.goto(`/product/${single!.id}`);
  await expect(page.getByTestId('owned')).toContainText('Owned');
  await expect(page.getByRole('link', { name: 'Download in My Orders' })).toHaveAttribute('href', '/my-orders');
  await expect(page.getByRole('button', { name: 'Add to Cart' })).toHaveCount(0);
  const again = await page.request.post('/api/checkout/session', { data: [{ product_id: single!.id }], headers: { origin: baseURL! } });
  expect(again.status()).toBe(409);
  expect(await again.json()).toMatchObject({ code: 'conflict', detail: expect.stringContaining(`"${single!.title}"`) });

  // Cancelling keeps access to the period end.
  await page.goto('/membership');
  const panel = page.getByTestId('member-panel');
  await expect(panel).toContainText('Monthly');
  await expect(panel).toContainText(`Renewal date${auDate(membership.currentPeriodEnd)}`);
  const invoices = panel.getByTestId('membership-invoices');
  await expect(invoices.getByRole('listitem')).toHaveCount(1);
  await expect(invoices.getByRole('listitem')).toContainText('Monthly · 35.00 AUD');
  await expect(invoices.getByRole('link', { name: 'Invoice' })).toHaveAttribute('href', invoiceHref);
  await page.getByRole('button', { name: 'Cancel Membership' }).click();
  const dialog = page.getByRole('dialog', { name: 'Cancel Membership?' });
  await expect(dialog).toContainText('You will retain access until the end of your billing period.');
  await dialog.getByRole('button', { name: 'Yes, Cancel Membership' }).click();
  await expect(page.getByText('Membership will cancel at period end')).toBeVisible();
  await expect(panel.getByText('Canceling at period end')).toBeVisible();
  await expect(page.getByRole('button', { name: 'Cancel Membership' })).toHaveCount(0);
  await page.reload();
  await expect(panel.getByText('Canceling at period end')).toBeVisible();
  await expect(page.getByTestId('nav-user').getByRole('img', { name: 'Member' })).toBeVisible();

  // A member signing in lands on the members' dashboard.
  await page.getByRole('button', { name: 'Logout' }).click();
  await expect(page.getByText('Logged out successfully')).toBeVisible();
  await expect(page).toHaveURL(`${baseURL}/`);
  await login(page, email, password);
  await expect(page).toHaveURL(/\/members\/dashboard$/);
  await expect(page.getByRole('heading', { name: 'Welcome back, Mia Member!' })).toBeVisible();
});

test('a forgotten password is reset from the emailed link, once, and the new one signs in', async ({ page, baseURL }) => {
  test.setTimeout(60_000);
  const email = uniqueEmail('forgetful');
  await register(page, 'Fran Forgetful', email, 'First-Pass-2025');
  await expect(page).toHaveURL(/\/membership$/);
  await page.getByRole('button', { name: 'Logout' }).click();
  await expect(page.getByText('Logged out successfully')).toBeVisible();

  // The welcome email's link confirms the address only when the button is pressed.
  const verifyLink = linkIn(await newestMail(email, /confirm/i), '/verify-email');
  expect(verifyLink.startsWith(`${baseURL}/verify-email?token=`)).toBe(true);
  await page.goto(verifyLink);
  await expect(page.getByRole('button', { name: 'Confirm my email' })).toBeVisible();
  const [unconfirmed] = await sql<{ verified: boolean }>(`SELECT "emailVerifiedAt" IS NOT NULL AS verified FROM "User" WHERE email = $1`, [email]);
  expect(unconfirmed.verified).toBe(false);
  await page.getByRole('button', { name: 'Confirm my email' }).click();
  await expect(page.getByRole('heading', { name: 'Email Confirmed' })).toBeVisible();
  await expect(page.getByRole('link', { name: 'Go to My Orders' })).toHaveAttribute('href', '/my-orders');

  await page.goto('/login');
  await page.getByRole('link', { name: 'Forgot Password?' }).click();
  await expect(page).toHaveURL(/\/forgot-password$/);
  await page.getByLabel('Email', { exact: true }).fill(email);
  await page.getByRole('button', { name: 'Send Reset Link' }).click();
  await expect(page.getByRole('heading', { name: 'Check Your Email' })).toBeVisible();
  await expect(page.getByText(/spam/)).toBeVisible();
  await expect(page.getByText(/email address above/)).toBeVisible();
  await expect(page.getByText('The link expires in 1 hour.', { exact: false })).toBeVisible();

  const resetLink = linkIn(await newestMail(email, /reset/i), '/reset-password');
  expect(resetLink.startsWith(`${baseURL}/reset-password?token=`)).toBe(true);
  await page.goto(resetLink);
  const newPassword = page.getByLabel('New Password');
  const confirm = page.getByLabel('Confirm Password');
  const submit = page.getByRole('button', { name: 'Reset Password' });

  await newPassword.fill('abcdef1');
  await confirm.fill('abcdef2');
  await submit.click();
  await expect(page.getByText('Passwords do not match')).toBeVisible();
  await newPassword.fill('abc');
  await confirm.fill('abc');
  await submit.click();
  await expect(page.getByText('Password must be at least 6 characters')).toBeVisible();
  await newPassword.fill('password123');
  await confirm.fill('password123');
  await submit.click();
  await expect(page.getByText('This password is too common. Please choose a less guessable one.')).toBeVisible();

  await newPassword.fill('Second-Pass-2026');
  await confirm.fill('Second-Pass-2026');
  await submit.click();
  await expect(page.getByRole('heading', { name: 'Password Reset Successful' })).toBeVisible();
  const shownAt = Date.now();
  await page.waitForURL(/\/login$/, { timeout: 8_000 });
  expect(Date.now() - shownAt).toBeGreaterThan(2_000);

  await page.goto(resetLink);
  await page.getByLabel('New Password').fill('Third-Pass-2027');
  await page.getByLabel('Confirm Password').fill('Third-Pass-2027');
  await page.getByRole('button', { name: 'Reset Password' }).click();
  await expect(page.getByText('This reset link is invalid or has expired. Please request a new one.')).toBeVisible();

  await login(page, email, 'First-Pass-2025');
  await expect(page.getByText('Invalid email or password')).toBeVisible();
  await login(page, email, 'Second-Pass-2026');
  await expect(page).toHaveURL(/\/products$/);
  await expect(page.getByTestId('nav-user')).toHaveText('Fran Forgetful');
  await page.goto('/my-orders');
  await expect(page.getByRole('heading', { name: 'No Orders Yet' })).toBeVisible();
  await expect(page.getByRole('link', { name: 'Start Shopping' })).toHaveAttribute('href', '/products');
  await expect(page.getByTestId('vouchers-unverified')).toHaveCount(0);
});

test('account pages send a visitor without a session to /login with a message', async ({ page }) => {
  await page.goto('/my-orders');
  await expect(page).toHaveURL(/\/login$/);
  await expect(page.getByText('Please login to view your orders')).toBeVisible();

  await page.goto('/membership');
  await expect(page).toHaveURL(/\/login$/);
  await expect(page.getByText('Please login to view membership options')).toBeVisible();

  // A stored record whose server session is gone is forgotten.
  await page.evaluate(() => localStorage.setItem('user', JSON.stringify({ id: 'gone', email: 'gone@example.com', name: 'Gone', is_member: true })));
  await page.goto('/my-orders');
  await expect(page).toHaveURL(/\/login$/);
  await expect(page.getByText('Please login to view your orders')).toBeVisible();
  expect(await page.evaluate(() => localStorage.getItem('user'))).toBeNull();
  await expect(page.getByRole('link', { name: 'Login' })).toBeVisible();
});

test('login explains a failed sign-in, and the reset page needs its token', async ({ page }) => {
  await login(page, uniqueEmail('nobody'), 'Whatever-Pass-1');
  await expect(page.getByText('Invalid email or password')).toBeVisible();
  await expect(page).toHaveURL(/\/login$/);
  await expect(page.getByRole('link', { name: 'See Membership benefits' })).toHaveAttribute('href', '/membership');

  await page.getByRole('tab', { name: 'Register' }).click();
  await page.getByRole('button', { name: 'Create Account' }).click();
  // Required fields are checked in the browser: nothing is sent.
  expect(await page.getByLabel('Name').evaluate((el) => (el as HTMLInputElement).validity.valueMissing)).toBe(true);
  await expect(page).toHaveURL(/\/login$/);

  await page.goto('/reset-password');
  await expect(page.getByRole('heading', { name: 'Invalid Reset Link' })).toBeVisible();
  await page.getByRole('link', { name: 'Request New Link' }).click();
  await expect(page).toHaveURL(/\/forgot-password$/);
});

test('the nav follows the stored user record written in another tab, and reads a malformed one as signed out', async ({ context, page }) => {
  await page.goto('/products');
  await expect(page.getByRole('link', { name: 'Login' })).toBeVisible();
  const other = await context.newPage();
  await other.goto('/products');

  await other.evaluate(() =>
    localStorage.setItem('user', JSON.stringify({ id: 'cross-tab-user', email: 'ada@example.com', name: 'Ada Lovelace', is_member: false })),
  );
  await expect(page.getByTestId('nav-user')).toHaveText('Ada Lovelace');

  // An id that is not a string is not a user record, whatever else it holds.
  await other.evaluate(() => localStorage.setItem('user', JSON.stringify({ id: 42, email: 'ada@example.com', name: 'Ada Lovelace' })));
  await expect(page.getByRole('link', { name: 'Login' })).toBeVisible();
  await expect(page.getByTestId('nav-user')).toHaveCount(0);

  await page.reload();
  await expect(page.getByRole('link', { name: 'Login' })).toBeVisible();
});
