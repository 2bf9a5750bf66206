import { randomBytes } from 'node:crypto';
import { expect, test, type Page } from '@playwright/test';
import { formatDate } from '@/lib/format';
import { existsSync, readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { registerCustomer, uniqueEmail, type CaughtMail, clearClientLimits } from './helpers';

test.beforeAll(clearClientLimits);

// Issue #17 §4 in the browser (Decision 68): the owner replaces a file in the
// Edit dialog and presses "Email buyers about this update"; the earlier buyer
// gets the email and My Orders marks the file "Updated {date}", with the
// version they bought still offered.

const suffix = randomBytes(3).toString('hex');
const toast = (page: Page, text: string) => page.locator('[data-sonner-toast]').filter({ hasText: text });

/** Update emails to `address` in the run's SMTP catcher (MAIL_DIR from `npm test`). */
function updateMails(address: string): CaughtMail[] {
  const dir = process.env.MAIL_DIR as string;
  if (!existsSync(dir)) return [];
  return readdirSync(dir)
    .filter((name) => name.endsWith('.json') && !name.startsWith('.'))
    .map((name) => JSON.parse(readFileSync(join(dir, name), 'utf8')) as CaughtMail)
    .filter((m) => m.to.includes(address) && m.subject.startsWith('Updated file:'));
}

async function adminSignIn(page: Page) {
  await page.goto('/admin/login');
  await page.getByLabel('Username').fill('admin');
  await page.getByLabel('Password').fill('admin');
  await page.getByRole('button', { name: 'Login', exact: true }).click();
  await expect(page).toHaveURL(/\/admin\/dashboard$/);
}

test('a replaced file reaches its earlier buyer: email once, "Updated {date}" in My Orders', async ({ page, browser }) => {
  test.setTimeout(120_000);
  const title = `Versioned Pattern ${suffix}`;
  await adminSignIn(page);
  const upload = await page.request.post('/api/admin/individual-upload', {
    multipart: {
      title,
      price: '7.50',
      category: 'Clip Art',
      mockup: { name: 'mockup.png', mimeType: 'image/png', buffer: await tinyPng() },
      files: { name: 'pattern.txt', mimeType: 'text/plain', buffer: Buffer.from('pattern, first version') },
    },
  });
  expect(upload.status(), await upload.text()).toBe(201);
  const { product_id: productId } = (await upload.json()) as { product_id: string };

  // A customer buys it through the test payment flow while signed in.
  const shopper = await browser.newContext();
  const customer = await shopper.newPage();
  const email = uniqueEmail('versions');
  await registerCustomer(customer, { name: 'Vera Version', email, password: 'Version-Pass-2025' });
  await expect(customer.getByTestId('nav-user')).toHaveText('Vera Version');
  const session = await customer.request.post('/api/checkout/session', { data: [{ product_id: productId }] });
  expect(session.ok(), await session.text()).toBe(true);
  const { session_id } = (await session.json()) as { session_id: string };
  const complete = await customer.request.post(`/api/checkout/test/${session_id}/complete`, { data: { email } });
  expect(complete.ok(), await complete.text()).toBe(true);

  await test.step('the owner replaces the file and emails its buyers', async () => {
    await page.getByRole('tab', { name: 'All Products', exact: true }).click();
    await page.getByLabel('Search products').fill(title);
    await page.getByRole('button', { name: `Edit ${title}` }).click();
    const dialog = page.getByRole('dialog', { name: 'Edit Product' });
    await dialog
      .getByLabel('Replace pattern.txt')
      .setInputFiles({ name: 'pattern-v2.txt', mimeType: 'text/plain', buffer: Buffer.from('pattern, second version') });
    await expect(toast(page, 'pattern.txt replaced by version 2')).toBeVisible();
    await expect(dialog.getByText('pattern-v2.txt', { exact: true })).toBeVisible();
    await expect(dialog.getByText(/Earlier versions \(kept for their buyers\): version 1, pattern\.txt/)).toBeVisible();
    await dialog.getByRole('button', { name: 'Email buyers about this update' }).click();
    await expect(toast(page, 'Emailing 1 buyer(s) about this update')).toBeVisible();
    await expect(dialog.getByTestId('update-email-log')).toContainText('Buyers emailed');
    await expect(dialog.getByRole('button', { name: 'Email buyers about this update' })).toHaveCount(0);
  });

  await test.step('the buyer is emailed and My Orders shows the update', async () => {
    await expect.poll(() => updateMails(email).length, { timeout: 15_000 }).toBe(1);
    expect(updateMails(email)[0].subject).toBe(`Updated file: ${title}`);
    expect(updateMails(email)[0].text).toContain('pattern-v2.txt');
    await customer.goto('/my-orders');
    const line = customer.getByTestId('order-product').filter({ hasText: title });
    await expect(line.getByRole('link', { name: 'Download File', exact: true })).toBeVisible();
    await expect(line.getByTestId('file-updated')).toHaveText(`Updated ${formatDate(new Date())}`);
    const earlier = line.getByRole('link', { name: 'Earlier version 1: pattern.txt' });
    const response = await customer.request.get((await earlier.getAttribute('href')) as string, { maxRedirects: 0 });
    expect(response.status()).toBe(302);
    expect(await (await customer.request.get(response.headers().location)).text()).toBe('pattern, first version');
  });
  await shopper.close();
});

async function tinyPng(): Promise<Buffer> {
  const sharp = (await import('sharp')).default;
  return sharp({ create: { width: 32, height: 32, channels: 3, background: { r: 200, g: 80, b: 120 } } })
    .png()
    .toBuffer();
}
