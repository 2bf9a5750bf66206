import { expect, test } from '@playwright/test';
import { createFreeProduct } from '../support/free-product';
import { sql, uniqueEmail, waitForMail, clearClientLimits } from './helpers';

test.beforeAll(clearClientLimits);

// Issue #29 §2–§3 on a phone (Decision 095): a customer registers with the
// unticked consent box ticked, turns the newsletter off and review requests
// back on in their email preferences, then gets a free product by email:
// the link in the real email opens a page whose button creates the order,
// and the file downloads.

test.use({ viewport: { width: 390, height: 844 } });

const SHOP_URL = process.env.SHOP_URL as string;

test('register with consent, change email preferences, get a free product by email and download it', async ({ page }) => {
  test.setTimeout(120_000);
  const title = `Phone free kit ${Date.now()}`;
  const productId = await createFreeProduct(SHOP_URL, title, { fileText: 'phone free file' });
  const email = uniqueEmail('consent-e2e');

  await page.goto('/login');
  await page.getByRole('tab', { name: 'Register' }).click();
  const box = page.getByLabel('Email me new designs and offers');
  await expect(box).not.toBeChecked();
  await box.check();
  await page.getByLabel('Name').fill('Phone Consent');
  await page.getByLabel('Email', { exact: true }).fill(email);
  await page.getByLabel('Password', { exact: true }).fill('correct horse battery');
  await page.getByRole('button', { name: 'Create Account' }).click();
  await expect(page).toHaveURL(/\/membership/);
  const [given] = await sql<{ source: string; wording: string; given: boolean }>(`SELECT source, wording, given FROM "ConsentRecord" WHERE email = $1`, [
    email,
  ]);
  expect(given).toEqual({ source: 'registration', wording: 'Email me new designs and offers', given: true });

  await page.goto('/my-orders');
  await page.getByRole('link', { name: 'Email preferences' }).click();
  await expect(page.getByRole('heading', { name: 'Email preferences' })).toBeVisible();
  const newsletter = page.getByLabel('New designs and offers');
  await expect(newsletter).toBeChecked();
  await newsletter.uncheck();
  await expect(page.getByText('Email preferences saved')).toBeVisible();
  await page.reload();
  await expect(page.getByLabel('New designs and offers')).not.toBeChecked();
  await expect(page.getByLabel('Review requests')).toBeChecked();

  await page.goto(`/product/${productId}`);
  await expect(page.getByText('Free download').first()).toBeVisible();
  await expect(page.getByRole('button', { name: 'Add to Cart' })).toHaveCount(0);
  await page.getByRole('button', { name: 'Free download' }).click();
  const dialog = page.getByRole('dialog', { name: `Free download: ${title}` });
  await expect(dialog.getByLabel('Email', { exact: true })).toHaveValue(email);
  await expect(dialog.getByLabel('Email me new designs and offers')).not.toBeChecked();
  await dialog.getByRole('button', { name: 'Email me the download link' }).click();
  await expect(dialog.getByRole('status')).toContainText('Check your email');

  const mail = await waitForMail(email, 20_000, 'Confirm your email to download');
  const confirmLink = mail.text.match(/https?:\/\/\S+\/free-download\/confirm\?token=[A-Za-z0-9_-]+/)![0];
  await page.goto(new URL(confirmLink).pathname + new URL(confirmLink).search);
  await page.getByRole('button', { name: 'Get my download' }).click();
  await expect(page.getByRole('heading', { name: 'Payment Successful!' })).toBeVisible({ timeout: 20_000 });
  // The button's link, followed as the browser would: a 302 to storage, then the file itself.
  const link = page.getByRole('link', { name: 'Download File', exact: true });
  const href = await link.getAttribute('href');
  expect(href).toMatch(/^\/api\/download\//);
  const redirect = await page.request.get(href!, { maxRedirects: 0 });
  expect(redirect.status()).toBe(302);
  const file = await page.request.get(redirect.headers()['location']);
  expect(file.status()).toBe(200);
  expect(file.headers()['content-disposition']).toContain('filename="free-file.txt"');
  expect(await file.text()).toBe('phone free file');
});
