import { expect, test, type Page } from '@playwright/test';
import { pdfText } from '../support/pdf-text';
import { apiGet, productList, uniqueEmail, clearClientLimits } from './helpers';

test.beforeAll(clearClientLimits);

// Licences in the browser (Decisions 081, 082): a customer picks Commercial on
// the product page (choosing another tier switches the one in the cart), pays,
// finds the licence and its certificate in My Orders, and anyone can open the
// licence's verification page.

const toast = (page: Page, text: string) => page.locator('[data-sonner-toast]').filter({ hasText: text });

test('buy a Commercial licence from the product page, see its certificate in My Orders, verify it', async ({ page, request, browser, baseURL }) => {
  test.setTimeout(90_000);
  const [product] = (await apiGet(request, '/api/products?limit=20', productList)).filter((p) => !p.on_sale);
  const commercial = product.licences.find((l) => l.key === 'commercial')!;

  await page.goto('/login');
  await page.getByRole('tab', { name: 'Register' }).click();
  await page.getByLabel('Name').fill('Lena Licensee');
  await page.getByLabel('Email', { exact: true }).fill(uniqueEmail('licensee'));
  await page.getByLabel('Password', { exact: true }).fill('Licence-Pass-2026');
  await page.getByRole('button', { name: 'Create Account' }).click();
  await expect(page).toHaveURL(/\/membership$/);

  await page.goto(`/product/${product.id}`);
  const tiers = page.getByRole('group', { name: 'Licence' });
  await expect(tiers.getByRole('radio', { name: /^Personal/ })).toBeChecked();
  await expect(tiers.getByRole('link', { name: 'Commercial licence terms' })).toHaveAttribute('href', '/licences/commercial');
  await page.getByRole('button', { name: 'Add to Cart' }).click();
  await expect(toast(page, `${product.title} added to cart!`)).toBeVisible();
  // The same product in another tier switches the tier in the cart.
  await tiers.getByRole('radio', { name: /^Commercial/ }).check();
  await page.getByRole('button', { name: 'Add to Cart' }).click();
  await expect(toast(page, 'switched to the Commercial licence')).toBeVisible();

  await page.goto('/cart');
  await expect(page.getByTestId('cart-item-licence')).toHaveText('Commercial licence');
  await page.getByRole('button', { name: 'Proceed to Checkout' }).click();
  await expect(page).toHaveURL(/\/checkout\/test\/cs_test_/);
  await expect(page.getByRole('list', { name: 'Items' })).toContainText(`${product.title} (Commercial licence)`);
  await expect(page.getByTestId('test-payment-total')).toHaveText(`${commercial.price.toFixed(2)} AUD`);
  await page.getByRole('button', { name: 'Complete test payment' }).click();
  await expect(page).toHaveURL(/\/success\?session_id=/);
  await expect(page.getByTestId('purchased-licence')).toContainText(/Commercial licence LIC-[A-Z2-7]{16}/);

  await page.goto('/my-orders');
  const licence = page.getByTestId('order-licence').first();
  await expect(licence).toContainText('Commercial licence');
  const id = /LIC-[A-Z2-7]{16}/.exec((await licence.textContent()) ?? '')![0];
  const certificateLink = licence.getByRole('link', { name: 'Licence certificate' });
  await expect(certificateLink).toHaveAttribute('href', `/api/licences/${id}/certificate`);
  const certificate = await page.request.get(`/api/licences/${id}/certificate`);
  expect(certificate.status()).toBe(200);
  const text = pdfText(Buffer.from(await certificate.body()));
  expect(text).toContain(`Licence ${id}`);
  expect(text).toContain('Holder: Lena Licensee');
  // Higher tiers are offered as upgrades for the difference.
  await expect(licence.getByRole('button', { name: /Upgrade to Extended/ })).toBeVisible();

  // Anyone can verify it, without signing in, and sees initials only.
  const strangers = await browser.newContext({ baseURL });
  const stranger = await strangers.newPage();
  await stranger.goto(`/licence/${id}`);
  await expect(stranger.getByTestId('licence-status')).toHaveText('Valid');
  await expect(stranger.getByTestId('licence-tier')).toContainText('Commercial');
  await expect(stranger.getByTestId('licence-product')).toHaveText(product.title);
  await expect(stranger.getByTestId('licence-holder')).toHaveText('L. L.');
  await strangers.close();
});
