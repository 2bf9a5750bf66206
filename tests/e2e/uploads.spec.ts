import { randomBytes } from 'node:crypto';
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { expect, test, type Page, type Response } from '@playwright/test';
import sharp from 'sharp';
import { apiGet, categoryList, pick, sql, clearClientLimits } from './helpers';

test.beforeAll(clearClientLimits);

// The upload pipeline end to end (issue #6 §5, docs/product.md §2 Upload): a bulk batch of
// three generated PNGs through the Upload tab, sent by the browser straight to
// storage (Decision 070: presigned PUTs, cross-origin, so the storage's CORS rule
// and the page's CSP are both exercised), processed by the shop's background
// worker, shown on /products with their previews; then an individual upload
// with two files, bought through the test payment flow, and both files downloaded.

// Letters only: titles are made from filenames, which drop digits as camera noise.
const WORD = `Zq${Array.from(randomBytes(6), (b) => String.fromCharCode(97 + (b % 26))).join('')}`;
const BULK = [
  { name: `Lagoon-${WORD}.png`, title: `Lagoon ${WORD}`, colour: { r: 20, g: 140, b: 160 } },
  { name: `Ember-${WORD}.png`, title: `Ember ${WORD}`, colour: { r: 220, g: 80, b: 30 } },
  { name: `Meadow-${WORD}.png`, title: `Meadow ${WORD}`, colour: { r: 70, g: 170, b: 60 } },
];
const SINGLE_TITLE = `Poster Set ${WORD}`;
const PRICE = '4.50';

let dir: string;

test.beforeAll(async () => {
  dir = mkdtempSync(join(tmpdir(), 'e2e-uploads-'));
  await Promise.all(
    BULK.map(({ name, colour }) =>
      sharp({ create: { width: 600, height: 600, channels: 3, background: colour } })
        .composite([
          {
            input: Buffer.from('<svg xmlns="http://www.w3.org/2000/svg" width="300" height="300"><circle cx="150" cy="150" r="120" fill="#fff"/></svg>'),
            top: 150,
            left: 150,
          },
        ])
        .png()
        .toFile(join(dir, name)),
    ),
  );
  await sharp({ create: { width: 800, height: 600, channels: 3, background: { r: 120, g: 60, b: 170 } } })
    .png()
    .toFile(join(dir, 'mockup.png'));
  await sharp({ create: { width: 1500, height: 1500, channels: 4, background: { r: 240, g: 220, b: 60, alpha: 1 } } })
    .png()
    .toFile(join(dir, 'poster-a.png'));
  writeFileSync(join(dir, 'poster-b.pdf'), `%PDF-1.4\n% e2e ${WORD}\n1 0 obj << /Type /Catalog >> endobj\ntrailer << /Root 1 0 R >>\n%%EOF\n`);
});

test.afterAll(() => {
  if (dir) rmSync(dir, { recursive: true, force: true });
});

async function signIn(page: Page) {
  await page.goto('/admin/login');
  await page.getByLabel('Username').fill('admin');
  await page.getByLabel('Password').fill('admin');
  await page.getByRole('button', { name: 'Login', exact: true }).click();
  await expect(page).toHaveURL(/\/admin\/dashboard$/);
  await page.getByRole('tab', { name: 'Upload', exact: true }).click();
  await expect(page.getByRole('tab', { name: 'Upload', exact: true })).toHaveAttribute('aria-selected', 'true');
}

test('bulk upload of three images: progress, success banner, products with previews on /products', async ({ page, request }) => {
  const [category] = await apiGet(request, '/api/categories', categoryList);
  expect(category, 'a seeded category').toBeDefined();
  await signIn(page);

  await page.getByLabel('Images').setInputFiles(BULK.map((f) => join(dir, f.name)));
  await page.locator('#bulk-price').fill(PRICE);
  await pick(page.getByRole('form', { name: 'Bulk upload' }), 'Category', category.name);
  const shopOrigin = new URL(page.url()).origin;
  const sent: { method: string; url: string; status: number }[] = [];
  page.on('response', (res) => sent.push({ method: res.request().method(), url: res.url(), status: res.status() }));
  await page.getByRole('button', { name: 'Upload Images' }).click();

  const progress = page.getByTestId('upload-progress');
  await expect(progress).toBeVisible();
  await expect(progress.getByRole('progressbar')).toHaveAttribute('aria-valuemax', '3');
  await expect(page.getByTestId('upload-banner-complete')).toBeVisible({ timeout: 20_000 });
  await expect(page.getByTestId('upload-banner-complete')).toContainText('All 3 file(s) uploaded');
  await expect(progress.getByRole('progressbar')).toHaveAttribute('aria-valuenow', '3');
  // Every image went to the storage origin, none through the shop.
  const puts = sent.filter((r) => r.method === 'PUT');
  expect(puts).toHaveLength(3);
  for (const put of puts) expect(put).toMatchObject({ url: expect.stringContaining('/staging/'), status: 200 });
  expect(puts.every((p) => new URL(p.url).origin !== shopOrigin)).toBe(true);
  expect(sent.filter((r) => r.method === 'POST' && new URL(r.url).pathname === '/api/admin/bulk-upload')).toEqual([]);

  const rows = await sql<{ id: string; title: string; priceCents: number; category: string }>(
    `SELECT p.id, p.title, p."priceCents", c.name AS category FROM "Product" p JOIN "Category" c ON c.id = p."categoryId" WHERE p.title LIKE $1 ORDER BY p.title`,
    [`%${WORD}`],
  );
  expect(rows.map((r) => r.title)).toEqual(BULK.map((f) => f.title).sort());
  for (const row of rows) expect(row).toMatchObject({ priceCents: 450, category: category.name });

  // The storefront: each new product with its preview image answered as WebP.
  const images: Response[] = [];
  page.on('response', (res) => {
    if (res.request().resourceType() === 'image' && rows.some((r) => res.url().includes(r.id))) images.push(res);
  });
  await page.goto(`/products?search=${WORD}`);
  const cards = page.getByTestId('product-card');
  await expect(cards).toHaveCount(3);
  for (const { title } of BULK) {
    const image = cards.getByRole('img', { name: title, exact: true });
    await image.scrollIntoViewIfNeeded();
    await expect.poll(() => image.evaluate((img: HTMLImageElement) => img.complete && img.naturalWidth > 0)).toBe(true);
  }
  await expect.poll(() => new Set(images.map((r) => r.url())).size).toBe(3);
  for (const res of images) {
    expect(res.status(), res.url()).toBe(200);
    expect(res.headers()['content-type']).toBe('image/webp');
  }
});

test('individual upload with two files: the product page exists and, once bought, both files download', async ({ page, request }) => {
  const [category] = await apiGet(request, '/api/categories', categoryList);
  await signIn(page);

  await page.getByRole('radio', { name: 'Individual Upload' }).click();
  await page.locator('#single-mockup').setInputFiles(join(dir, 'mockup.png'));
  await page.locator('#single-files').setInputFiles([join(dir, 'poster-a.png'), join(dir, 'poster-b.pdf')]);
  await page.locator('#single-title').fill(SINGLE_TITLE);
  await page.locator('#single-price').fill(PRICE);
  await pick(page.getByRole('form', { name: 'Individual upload' }), 'Category', category.name);
  await page.getByRole('button', { name: 'Upload Product' }).click();
  await expect(page.locator('[data-sonner-toast]').filter({ hasText: `${SINGLE_TITLE} uploaded` })).toBeVisible({ timeout: 20_000 });

  const [product] = await sql<{ id: string }>(`SELECT id FROM "Product" WHERE title = $1`, [SINGLE_TITLE]);
  expect(product, 'the uploaded product').toBeDefined();
  const files = await sql<{ originalFilename: string; sizeBytes: number }>(
    `SELECT "originalFilename", "sizeBytes" FROM "ProductFile" WHERE "productId" = $1 ORDER BY position`,
    [product.id],
  );
  expect(files.map((f) => f.originalFilename)).toEqual(['poster-a.png', 'poster-b.pdf']);

  const pageResponse = await page.goto(`/product/${product.id}`);
  expect(pageResponse?.status()).toBe(200);
  await expect(page.getByRole('heading', { name: SINGLE_TITLE, level: 1 })).toBeVisible();

  // A guest buys it through the public test-payment flow.
  const session = await page.request.post('/api/checkout/session', { data: [{ product_id: product.id }] });
  expect(session.ok(), await session.text()).toBe(true);
  const { session_id } = (await session.json()) as { session_id: string };
  const complete = await page.request.post(`/api/checkout/test/${session_id}/complete`, { data: { email: `uploads-${WORD.toLowerCase()}@example.com` } });
  expect(complete.ok(), await complete.text()).toBe(true);

  const expected = [readFileSync(join(dir, 'poster-a.png')), readFileSync(join(dir, 'poster-b.pdf'))];
  for (const [index, bytes] of expected.entries()) {
    const redirect = await page.request.get(`/api/download/${session_id}/${product.id}?file_index=${index}`, { maxRedirects: 0 });
    expect(redirect.status(), await redirect.text()).toBe(302);
    const location = redirect.headers()['location'];
    expect(location).toBeTruthy();
    const file = await page.request.get(location);
    expect(file.status()).toBe(200);
    const body = await file.body();
    expect(body.length).toBe(files[index].sizeBytes);
    expect(body.equals(bytes)).toBe(true);
  }
});
