import { expect, test } from '@playwright/test';
import { PRODUCTS_PAGE_SIZE } from '@/lib/shop';
import { apiGet, aud, bannerResponse, bundleList, categoryList, pick, productList, type ProductResponse } from './helpers';

test('home shows the banner, the three features and the 6 newest products', async ({ page, request }) => {
  const newest = await apiGet(request, '/api/products?limit=6', productList);
  const { message } = await apiGet(request, '/api/settings/banner', bannerResponse);
  await page.goto('/');

  const banner = page.getByTestId('banner');
  for (const item of message.split(/\s{2,}/)) await expect(banner.getByText(item).first()).toBeVisible();
  await expect(page.getByText('Purchase, download, and print your design instantly')).toBeVisible();
  await expect(page.getByText('Create and sell your own designs using our exclusive clip art')).toBeVisible();
  await expect(page.getByText('Receive your files immediately after purchase')).toBeVisible();

  const section = page.locator('section', { has: page.getByRole('heading', { name: 'New Products' }) });
  const cards = section.getByTestId('product-card');
  await expect(cards).toHaveCount(6);
  for (const [i, product] of newest.entries()) {
    await expect(cards.nth(i).getByRole('heading', { name: product.title })).toBeVisible();
  }
  await expect(page.getByRole('link', { name: 'View All Products' })).toHaveAttribute('href', '/products');
  await expect(page.getByText('Copyright 2025')).toBeVisible();
});

test('category and subcategory filters follow the query string', async ({ page, request }) => {
  const categories = await apiGet(request, '/api/categories', categoryList);
  const category = categories.find((c) => c.subcategories.length > 0)!;
  const all = await apiGet(request, `/api/products?category=${encodeURIComponent(category.name)}`, productList);
  const bundles = await apiGet(request, `/api/bundles?category=${encodeURIComponent(category.name)}`, bundleList);

  await page.goto(`/products?category=${encodeURIComponent(category.name)}`);
  await expect(page.getByRole('heading', { name: 'Digital Products' })).toBeVisible();
  await expect(page.getByRole('heading', { name: 'Browse by Category' })).toHaveCount(0);
  // The first page of the listing: other browser tests may have added to this category.
  await expect(page.getByTestId('product-card')).toHaveCount(Math.min(PRODUCTS_PAGE_SIZE, all.length + bundles.length));
  await expect(page.getByRole('combobox', { name: 'Category', exact: true })).toHaveValue(category.name);

  const sub = category.subcategories.find((s) => all.some((p) => p.subcategory === s))!;
  await pick(page, 'Subcategory', sub);
  await expect(page).toHaveURL(new RegExp(`subcategory=${encodeURIComponent(sub).replace(/%20/g, '(%20|\\+)')}`));
  const inSub = all.filter((p) => p.subcategory === sub).length + bundles.filter((b) => b.subcategory === sub).length;
  await expect(page.getByTestId('product-card')).toHaveCount(Math.min(PRODUCTS_PAGE_SIZE, inSub));

  await page.getByRole('button', { name: 'Back to All Categories' }).click();
  await expect(page).toHaveURL(/\/products$/);
  await expect(page.getByRole('heading', { name: 'Browse by Category' })).toBeVisible();
});

test('a search with no match says so', async ({ page }) => {
  await page.goto('/products');
  await page.getByPlaceholder('Search products...').fill('zzqx-no-such-design');
  await page.getByPlaceholder('Search products...').press('Enter');
  await expect(page.getByText('No products found')).toBeVisible();
});

test('a product on sale shows its badge, both prices and JSON-LD', async ({ page, request }) => {
  // One with an end date: the offer's priceValidUntil is that day (an open-ended sale has none).
  let onSale: ProductResponse | undefined;
  for (let offset = 0; !onSale && offset < 1000; offset += 100) {
    onSale = (await apiGet(request, `/api/products?limit=100&offset=${offset}`, productList)).find((p) => p.on_sale && p.sale_end);
  }
  if (!onSale) throw new Error('the demo catalogue holds a product on sale until a date');
  const percent = Math.round((1 - onSale.sale_price! / onSale.price) * 100);
  await page.goto(`/product/${onSale.id}`);

  await expect(page.getByRole('heading', { level: 1, name: onSale.title })).toBeVisible();
  await expect(page.getByText(`SALE - ${percent}% OFF`)).toBeVisible();
  await expect(page.locator('s', { hasText: aud(onSale.price) })).toBeVisible();
  await expect(page.getByText(aud(onSale.sale_price!)).first()).toBeVisible();

  const jsonLd = JSON.parse((await page.locator('script[type="application/ld+json"]').textContent())!);
  expect(jsonLd['@type']).toBe('Product');
  expect(jsonLd.name).toBe(onSale.title);
  expect(jsonLd.offers).toMatchObject({ priceCurrency: 'AUD', price: onSale.sale_price!.toFixed(2) });
  expect(jsonLd.offers.priceValidUntil).toMatch(/^\d{4}-\d{2}-\d{2}$/);
});

test('a bundle page shows the Bundle badge and what it contains', async ({ page, request }) => {
  const [bundle] = await apiGet(request, '/api/bundles', bundleList);
  await page.goto(`/product/${bundle.id}`);
  await expect(page.getByRole('heading', { level: 1, name: bundle.title })).toBeVisible();
  await expect(page.getByText('Bundle', { exact: true }).first()).toBeVisible();
  await expect(page.getByRole('heading', { name: 'In this bundle' })).toBeVisible();
});

test('an unknown product is a 404 that says Product not found', async ({ page }) => {
  const response = await page.goto('/product/doesnotexist123');
  expect(response?.status()).toBe(404);
  await expect(page.getByRole('heading', { name: 'Product not found' })).toBeVisible();
});

test('an unknown path redirects to the home page', async ({ page }) => {
  await page.goto('/this/page/does-not-exist');
  await expect(page).toHaveURL(/\/$/);
  await expect(page.getByRole('heading', { name: 'New Products' })).toBeVisible();
});

test('/admin and /admin-login redirect to /admin/login', async ({ request }) => {
  for (const path of ['/admin', '/admin-login']) {
    const res = await request.get(path, { maxRedirects: 0 });
    expect([307, 308]).toContain(res.status());
    expect(res.headers()['location']).toMatch(/\/admin\/login$/);
  }
});

test('catalogue HTML is complete without JavaScript', async ({ browser, request }) => {
  const products = await apiGet(request, '/api/products?limit=48', productList);
  const context = await browser.newContext({ javaScriptEnabled: false });
  const page = await context.newPage();
  await page.goto('/products');
  for (const p of products.slice(0, 10)) {
    const card = page.getByTestId('product-card').filter({ has: page.getByRole('heading', { name: p.title, exact: true }) });
    await expect(card).toHaveCount(1);
    await expect(card.getByText(aud(p.on_sale ? p.sale_price! : p.price))).toBeVisible();
  }
  // The first render after a catalogue change streams behind the spec's 'Loading...'; every later
  // visitor, crawler or not, gets the cached page, complete. That cached page is what is checked.
  const path = `/product/${products[0].id}`;
  await expect.poll(async () => (await request.get(path)).headers()['x-nextjs-cache'], { timeout: 15_000 }).toBe('HIT');
  // A background job (sale prices, best sellers) may refresh the catalogue between two requests; the next cached copy is complete again.
  await expect
    .poll(
      async () => {
        await page.goto(path);
        return page.getByRole('heading', { level: 1, name: products[0].title }).count();
      },
      { timeout: 20_000, message: 'the cached product page, complete without JavaScript' },
    )
    .toBe(1);
  await context.close();

  const html = await (await request.get('/')).text();
  expect(html).toContain(products[0].title.replace(/&/g, '&amp;'));
});
