import { expect, test, type Page } from '@playwright/test';
import { pdfText } from '../support/pdf-text';
import { apiGet, productList, signInAsAdmin } from './helpers';

// Issue #17 §3 in the browser: the owner fills Settings → Business details
// (a wrong ABN is refused with its reason), and the next invoice a buyer opens
// from /success is a tax invoice carrying those details.

const toast = (page: Page, text: string) => page.locator('[data-sonner-toast]').filter({ hasText: text });

test('Business details: an invalid ABN is refused, valid details make invoices tax invoices', async ({ page, request }) => {
  test.setTimeout(90_000);
  await signInAsAdmin(page);
  await page.goto('/admin/dashboard?tab=settings');
  const form = page.getByRole('region', { name: 'Business details' });

  await form.getByLabel('Business name').fill('Pixel Press Studio Pty Ltd');
  await form.getByLabel('ABN').fill('51 824 753 557');
  await form.getByLabel('Address').fill('1 George St\nSydney NSW 2000');
  await form.getByLabel('Contact email').fill('accounts@example.com');
  await form.getByLabel('Registered for GST (invoices become tax invoices)').check();
  await form.getByRole('button', { name: 'Save Business Details' }).click();
  await expect(toast(page, 'Invalid ABN')).toBeVisible();

  await form.getByLabel('ABN').fill('51824753556');
  await form.getByRole('button', { name: 'Save Business Details' }).click();
  await expect(toast(page, 'Business details saved')).toBeVisible();
  // Saved as the server formats it, and still there after a reload.
  await page.reload();
  await expect(form.getByLabel('ABN')).toHaveValue('51 824 753 556');
  await expect(form.getByLabel('Registered for GST (invoices become tax invoices)')).toBeChecked();

  // A guest buys one product through the test payment page and opens the invoice from /success.
  const [product] = (await apiGet(request, '/api/products?limit=20', productList)).filter((p) => !p.is_bundle && !p.on_sale);
  const session = await page.request.post('/api/checkout/session', { data: [{ product_id: product.id }] });
  expect(session.ok(), await session.text()).toBe(true);
  const { session_id } = (await session.json()) as { session_id: string };
  await page.goto(`/checkout/test/${session_id}`);
  await page.getByLabel('Email for your receipt').fill('invoice-buyer@example.com');
  await page.getByRole('button', { name: 'Complete test payment' }).click();
  await expect(page).toHaveURL(new RegExp(`/success\\?session_id=${session_id}$`));
  const link = page.getByTestId('invoice-link');
  await expect(link).toHaveAttribute('href', `/api/orders/invoice/${session_id}`);

  const invoice = await page.request.get(`/api/orders/invoice/${session_id}`);
  expect(invoice.status()).toBe(200);
  const text = pdfText(Buffer.from(await invoice.body()));
  expect(text[0]).toBe('Tax invoice');
  expect(text).toContain('Pixel Press Studio Pty Ltd');
  expect(text).toContain('ABN 51 824 753 556');
  expect(text[text.indexOf(product.title) + 1]).toBe(`${product.price.toFixed(2)} AUD`);
  expect(text[text.indexOf('GST included') + 1]).toBe(`${(Math.round((product.price * 100) / 11) / 100).toFixed(2)} AUD`);
});
