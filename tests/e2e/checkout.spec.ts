import { expect, test, type APIRequestContext, type Locator, type Page } from '@playwright/test';
import { unzip } from '../support/unzip';
import { apiGet, createPercentageVoucher, productList, sql, uniqueEmail, waitForMail, type ProductResponse } from './helpers';

// Checkout in test payment mode, end to end (docs/product.md §2 Cart and /success, §4, §8):
// cart → discount → test payment page → success page → download → email.

type FileRow = { originalFilename: string; sizeBytes: number; storageKey: string };

const SESSION_URL = /\/checkout\/test\/(cs_test_[A-Za-z0-9_]+)$/;
const cents = (dollars: number) => Math.round(dollars * 100);
const formatCents = (amountCents: number) => `${(amountCents / 100).toFixed(2)} AUD`;
const priceCents = (p: ProductResponse) => cents(p.on_sale && p.sale_price !== null ? p.sale_price : p.price);

const cardFor = (page: Page, title: string) => page.getByTestId('product-card').filter({ has: page.getByRole('heading', { name: title, exact: true }) });

/** Products shown on the first page of /products, so the test can add them from the listing. */
async function listedProducts(page: Page, request: APIRequestContext): Promise<ProductResponse[]> {
  const products = await apiGet(request, '/api/products?limit=48', productList);
  await page.goto('/products');
  const titles = new Set((await page.getByTestId('product-card').getByRole('heading').allTextContents()).map((t) => t.trim()));
  return products.filter((p) => titles.has(p.title));
}

async function addFromListing(page: Page, products: ProductResponse[]) {
  for (const product of products) {
    await cardFor(page, product.title).getByRole('button', { name: 'Add to Cart' }).click();
    await expect(page.getByText(`${product.title} added to cart! 🎀`)).toBeVisible();
  }
  await expect(page.getByTestId('cart-count')).toHaveText(String(products.length));
}

async function openCart(page: Page, count: number) {
  await page.getByRole('link', { name: `Cart, ${count} item${count === 1 ? '' : 's'}` }).click();
  await expect(page.getByRole('heading', { name: 'Shopping Cart' })).toBeVisible();
  await expect(page.getByTestId('cart-item')).toHaveCount(count);
}

async function proceedToTestPayment(page: Page): Promise<string> {
  await page.getByRole('button', { name: 'Proceed to Checkout' }).click();
  await page.waitForURL(SESSION_URL);
  return SESSION_URL.exec(new URL(page.url()).pathname)![1];
}

/** A cart of `count` listed products, checked out as far as the test payment page. */
async function openTestPayment(page: Page, request: APIRequestContext, count = 1): Promise<{ sessionId: string; products: ProductResponse[] }> {
  const products = (await listedProducts(page, request)).slice(0, count);
  await addFromListing(page, products);
  await openCart(page, count);
  return { sessionId: await proceedToTestPayment(page), products };
}

const filesOf = (productId: string) =>
  sql<FileRow>(
    `SELECT "originalFilename", "sizeBytes", "storageKey" FROM "ProductFile" WHERE "productId" = $1 AND "removedAt" IS NULL AND "supersededAt" IS NULL ORDER BY position`,
    [productId],
  );

/** Follows a download button's 302 to storage and checks the bytes and the name the browser saves. */
async function expectDownload(page: Page, link: Locator, file: FileRow) {
  const href = await link.getAttribute('href');
  expect(href).toMatch(/^\/api\/download\//);
  const redirect = await page.request.get(href!, { maxRedirects: 0 });
  expect(redirect.status()).toBe(302);
  const location = redirect.headers()['location'];
  expect(location).toBeTruthy();

  const response = await page.request.get(location);
  expect(response.status()).toBe(200);
  const disposition = response.headers()['content-disposition'] ?? '';
  expect(disposition).toMatch(/^attachment;/);
  expect(disposition).toContain(`filename="${file.originalFilename}"`);
  const body = await response.body();
  expect(body.length).toBe(file.sizeBytes);
  // The very bytes stored for this file, read from storage directly (the test's S3 server needs no signature).
  const stored = await page.request.get(`${process.env.S3_ENDPOINT}/${process.env.S3_BUCKET ?? 'shop-files'}/${file.storageKey}`);
  expect(stored.status()).toBe(200);
  expect(body.equals(await stored.body())).toBe(true);
}

test('pays for two products with a discount code, downloads the files and emails the receipt', async ({ page, request, baseURL }) => {
  const listed = await listedProducts(page, request);
  const several = listed.find((p) => p.file_count > 1);
  const single = listed.find((p) => p.file_count === 1);
  expect(several, 'a listed product with several files').toBeDefined();
  expect(single, 'a listed product with one file').toBeDefined();
  const products = [several!, single!];
  const code = await createPercentageVoucher(10);

  await addFromListing(page, products);
  await openCart(page, 2);

  const subtotalCents = products.reduce((sum, p) => sum + priceCents(p), 0);
  const discountCents = Math.round(subtotalCents / 10);
  const totalCents = subtotalCents - discountCents;
  await expect(page.getByText('Items (2)')).toBeVisible();
  await expect(page.getByTestId('order-total')).toHaveText(formatCents(subtotalCents));

  await page.getByLabel('Discount code').pressSequentially(code.toLowerCase());
  await expect(page.getByLabel('Discount code')).toHaveValue(code);
  await page.getByRole('button', { name: 'Apply' }).click();
  const discountLine = page.getByTestId('discount-line');
  await expect(discountLine).toContainText(`Discount (${code})`);
  await expect(discountLine).toContainText('10% off');
  await expect(discountLine).toContainText(`−${formatCents(discountCents)}`);
  await expect(page.getByTestId('order-total')).toHaveText(formatCents(totalCents));

  // Held until the button has been seen in its busy state.
  let release!: () => void;
  const held = new Promise<void>((r) => (release = r));
  await page.route('**/api/checkout/session**', async (route) => {
    await held;
    await route.continue();
  });
  await page.getByRole('button', { name: 'Proceed to Checkout' }).click();
  await expect(page.getByRole('button', { name: 'Processing...' })).toBeDisabled();
  release();
  await page.waitForURL(SESSION_URL);
  const sessionId = SESSION_URL.exec(new URL(page.url()).pathname)![1];

  await expect(page.getByRole('note')).toHaveText(/Test payment/i);
  await expect(page.getByRole('heading', { name: 'Test payment' })).toBeVisible();
  const lines = page.getByRole('list', { name: 'Items' });
  for (const p of products) await expect(lines.getByRole('listitem').filter({ hasText: p.title })).toContainText(formatCents(priceCents(p)));
  await expect(lines.getByRole('listitem').filter({ hasText: 'Discount' })).toContainText(`−${formatCents(discountCents)}`);
  await expect(page.getByTestId('test-payment-total')).toHaveText(formatCents(totalCents));

  const email = uniqueEmail('buyer');
  await page.getByLabel('Email for your receipt').fill(email);
  await page.getByRole('button', { name: 'Complete test payment' }).click();

  await expect(page).toHaveURL(new RegExp(`/success\\?session_id=${sessionId}$`));
  await expect(page.getByRole('heading', { name: 'Payment Successful!' })).toBeVisible();
  const purchased = page.getByTestId('purchased-item');
  await expect(purchased).toHaveCount(2);

  const severalFiles = await filesOf(several!.id);
  const severalItem = purchased.filter({ has: page.getByRole('heading', { name: several!.title, exact: true }) });
  await expect(severalItem.getByRole('link')).toHaveCount(severalFiles.length);
  for (const file of severalFiles) await expect(severalItem.getByRole('link', { name: file.originalFilename, exact: true })).toBeVisible();

  const [singleFile] = await filesOf(single!.id);
  const singleItem = purchased.filter({ has: page.getByRole('heading', { name: single!.title, exact: true }) });
  await expect(singleItem.getByRole('link')).toHaveCount(1);
  await expect(singleItem.getByRole('link', { name: 'Download File', exact: true })).toBeVisible();

  await expect(page.getByTestId('cart-count')).toHaveCount(0);
  expect(await page.evaluate(() => JSON.parse(localStorage.getItem('cart') ?? '[]'))).toEqual([]);

  await expectDownload(page, singleItem.getByRole('link', { name: 'Download File', exact: true }), singleFile);
  const lastFile = severalFiles[severalFiles.length - 1];
  await expectDownload(page, severalItem.getByRole('link', { name: lastFile.originalFilename, exact: true }), lastFile);

  // More than one file: one ZIP of the whole order, a folder per product.
  const all = page.getByRole('link', { name: 'Download all', exact: true });
  await expect(all).toHaveAttribute('href', `/api/download/${sessionId}/all`);
  const zip = await page.request.get(`/api/download/${sessionId}/all`);
  expect(zip.status()).toBe(200);
  expect(zip.headers()['content-disposition']).toBe(`attachment; filename="order-${sessionId.slice(-12)}.zip"`);
  const entries = await unzip(await zip.body());
  expect(entries.map((e) => e.body.length).sort((a, b) => a - b)).toEqual([...severalFiles, singleFile].map((f) => f.sizeBytes).sort((a, b) => a - b));
  expect(new Set(entries.map((e) => e.name.split('/')[0])).size).toBe(2);

  const mail = await waitForMail(email);
  expect(mail.subject).toContain(sessionId.slice(-12));
  for (const body of [mail.text, mail.html]) {
    expect(body).toContain(`${baseURL}/success?session_id=${sessionId}`);
    expect(body).toContain(`${baseURL}/my-orders`);
    expect(body).not.toMatch(/X-Amz-|\/files\//);
    if (process.env.S3_ENDPOINT) expect(body).not.toContain(process.env.S3_ENDPOINT);
  }
  for (const p of products) expect(mail.text).toContain(p.title);
  expect(mail.text).toContain(`Total: ${formatCents(totalCents)}`);

  await page.goto(`/checkout/test/${sessionId}`);
  await expect(page.getByText('This session is already paid.')).toBeVisible();
  await expect(page.getByRole('link', { name: 'View your downloads' })).toHaveAttribute('href', `/success?session_id=${sessionId}`);

  // The email's link still works later, and leaves a cart filled since then alone.
  const later = listed.find((p) => !products.includes(p))!;
  await page.goto('/products');
  await addFromListing(page, [later]);
  await page.goto(`${baseURL}/success?session_id=${sessionId}`);
  await expect(page.getByRole('heading', { name: 'Payment Successful!' })).toBeVisible();
  await expect(page.getByTestId('purchased-item')).toHaveCount(2);
  await expect(page.getByTestId('cart-count')).toHaveText('1');
});

test('Cancel payment goes back to the cart with the cart intact', async ({ page, request }) => {
  const { sessionId, products } = await openTestPayment(page, request, 2);
  await page.getByRole('button', { name: 'Cancel payment' }).click();

  await expect(page).toHaveURL(/\/cart$/);
  await expect(page.getByTestId('cart-item')).toHaveCount(2);
  for (const p of products) await expect(page.getByTestId('cart-item').filter({ hasText: p.title })).toBeVisible();
  await expect(page.getByTestId('cart-count')).toHaveText('2');
  const [order] = await sql<{ status: string }>(`SELECT status FROM "Order" WHERE "sessionId" = $1`, [sessionId]);
  expect(order.status).toBe('expired');
});

test('a lapsed session shows Session Expired with a way back to the cart', async ({ page, request }) => {
  const { sessionId } = await openTestPayment(page, request);
  await sql(`UPDATE "Order" SET "expiresAt" = now() - interval '1 minute' WHERE "sessionId" = $1`, [sessionId]);

  await page.reload();
  await expect(page.getByText('This session has expired.')).toBeVisible();
  await expect(page.getByRole('button', { name: 'Complete test payment' })).toHaveCount(0);
  await expect(page.getByRole('link', { name: 'Back to Cart' })).toHaveAttribute('href', '/cart');

  await page.goto(`/success?session_id=${sessionId}`);
  await expect(page.getByRole('heading', { name: 'Session Expired' })).toBeVisible();
  await page.getByRole('link', { name: 'Back to Cart' }).click();
  await expect(page).toHaveURL(/\/cart$/);
  await expect(page.getByTestId('cart-item')).toHaveCount(1);
});

test('Back from the payment page returns to a cart that can check out again', async ({ page, request }) => {
  const { sessionId } = await openTestPayment(page, request);
  await page.goBack();
  await expect(page).toHaveURL(/\/cart$/);
  await expect(page.getByTestId('cart-item')).toHaveCount(1);
  await expect(page.getByRole('button', { name: 'Proceed to Checkout' })).toBeEnabled();
  expect(await proceedToTestPayment(page)).not.toBe(sessionId);
});

test('an unpaid session ends in Checking Timeout after the rechecks', async ({ page, request }) => {
  // docs/product.md §4: an unpaid session is rechecked 5 times, 2 s apart.
  test.setTimeout(45_000);
  const { sessionId } = await openTestPayment(page, request);
  await page.goto(`/success?session_id=${sessionId}`);
  await expect(page.getByRole('heading', { name: 'Checking your payment...' })).toBeVisible();
  await expect(page.getByRole('heading', { name: 'Checking Timeout' })).toBeVisible({ timeout: 20_000 });
  await expect(page.getByRole('link', { name: 'Go Home' })).toHaveAttribute('href', '/');
  await expect(page.getByTestId('cart-count')).toHaveText('1');
});

test('an unknown session ends in Error after the status retries', async ({ page }) => {
  // docs/product.md §4: a failing status request is retried 5 times, 2 s apart.
  test.setTimeout(45_000);
  await page.goto(`/success?session_id=cs_test_unknown_${Date.now()}`);
  await expect(page.getByRole('heading', { name: 'Checking your payment...' })).toBeVisible();
  await expect(page.getByRole('heading', { name: 'Error', exact: true })).toBeVisible({ timeout: 20_000 });
  await expect(page.getByText('Something went wrong. Please contact support.')).toBeVisible();
});

test('the discount box upper-cases the code and explains an empty or unknown code', async ({ page, request }) => {
  const [product] = await listedProducts(page, request);
  await addFromListing(page, [product]);
  await openCart(page, 1);
  const input = page.getByLabel('Discount code');

  await page.getByRole('button', { name: 'Apply' }).click();
  await expect(page.getByText('Please enter a discount code')).toBeVisible();

  await input.pressSequentially('nosuch-code');
  await expect(input).toHaveValue('NOSUCH-CODE');
  await page.getByRole('button', { name: 'Apply' }).click();
  await expect(page.getByText('Invalid discount code')).toBeVisible();
  await expect(page.getByTestId('discount-line')).toHaveCount(0);
  await expect(page.getByTestId('order-total')).toHaveText(formatCents(priceCents(product)));
});
