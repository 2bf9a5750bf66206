import { expect, test, type Page } from '@playwright/test';
import { apiGet, aud, productList, type ProductResponse } from './helpers';

const cardFor = (page: Page, title: string) => page.getByTestId('product-card').filter({ has: page.getByRole('heading', { name: title, exact: true }) });

test('add to cart, refuse a duplicate, count in the badge, remove', async ({ page, request }) => {
  // The two newest products the (cached) home page shows. A page cached a moment before another
  // spec's change may still list what the API has already dropped; the change refreshes it in the
  // background (stale-while-revalidate), so a later load shows it.
  let pair: ProductResponse[] = [];
  await expect
    .poll(
      async () => {
        const newest = await apiGet(request, '/api/products?limit=24', productList);
        await page.goto('/');
        const shown = new Set((await page.getByTestId('product-card').getByRole('heading').allTextContents()).map((t) => t.trim()));
        pair = newest.filter((p) => shown.has(p.title)).slice(0, 2);
        return pair.length;
      },
      { message: 'two products of the API on the home page', timeout: 20_000 },
    )
    .toBe(2);
  const [first, second] = pair;
  await expect(page.getByTestId('cart-count')).toHaveCount(0);

  await cardFor(page, first.title).getByRole('button', { name: 'Add to Cart' }).click();
  await expect(page.getByText(`${first.title} added to cart! 🎀`)).toBeVisible();
  await expect(page.getByTestId('cart-count')).toHaveText('1');

  await cardFor(page, first.title).getByRole('button', { name: 'Add to Cart' }).click();
  await expect(page.getByText('This item is already in your cart! 🎀')).toBeVisible();
  await expect(page.getByTestId('cart-count')).toHaveText('1');

  await cardFor(page, second.title).getByRole('button', { name: 'Add to Cart' }).click();
  await expect(page.getByTestId('cart-count')).toHaveText('2');

  const stored = await page.evaluate(() => JSON.parse(localStorage.getItem('cart') ?? '[]'));
  expect(stored).toEqual([
    expect.objectContaining({ product_id: first.id, title: first.title, price: first.on_sale ? first.sale_price : first.price, is_bundle: false }),
    expect.objectContaining({ product_id: second.id }),
  ]);

  await page.getByRole('link', { name: /^Cart, 2 items$/ }).click();
  await expect(page.getByRole('heading', { name: 'Shopping Cart' })).toBeVisible();
  await expect(page.getByTestId('cart-item')).toHaveCount(2);
  await page.getByRole('button', { name: `Remove ${first.title}` }).click();
  await expect(page.getByTestId('cart-item')).toHaveCount(1);
  await expect(page.getByTestId('cart-count')).toHaveText('1');
  await expect(page.getByTestId('cart-item')).toContainText(aud(second.on_sale ? second.sale_price! : second.price));

  await page.getByRole('button', { name: `Remove ${second.title}` }).click();
  await expect(page.getByText('Your cart is empty')).toBeVisible();
  await expect(page.getByRole('link', { name: 'Shop Now' })).toHaveAttribute('href', '/products');
  await expect(page.getByTestId('cart-count')).toHaveCount(0);
});

test('Buy Now adds and goes to the cart; the detail page says Already in cart', async ({ page, request }) => {
  const [product] = await apiGet(request, '/api/products?limit=1', productList);
  await page.goto(`/product/${product.id}`);
  await page.getByRole('button', { name: 'Buy Now' }).click();
  await expect(page).toHaveURL(/\/cart$/);
  await expect(page.getByTestId('cart-item')).toHaveCount(1);

  await page.goto(`/product/${product.id}`);
  await page.getByRole('button', { name: 'Add to Cart' }).click();
  await expect(page.getByText('Already in cart')).toBeVisible();
  await page.getByRole('button', { name: 'Buy Now' }).click();
  await expect(page).toHaveURL(/\/cart$/);
  await expect(page.getByTestId('cart-item')).toHaveCount(1);
});

test('the badge follows changes made in another tab', async ({ context, page, request }) => {
  const [product] = await apiGet(request, '/api/products?limit=1', productList);
  await page.goto('/products');
  const other = await context.newPage();
  await other.goto(`/product/${product.id}`);
  await other.getByRole('button', { name: 'Add to Cart' }).click();
  await expect(page.getByTestId('cart-count')).toHaveText('1');
});

test('a stored cart is read through its schema: malformed items and repeats are left out', async ({ page, request }) => {
  const [first, second] = await apiGet(request, '/api/products?limit=2', productList);
  const item = (p: ProductResponse) => ({ product_id: p.id, title: p.title, price: p.price, image_path: null, is_bundle: false });
  await page.goto('/');
  await page.evaluate(
    (stored) => localStorage.setItem('cart', JSON.stringify(stored)),
    [item(first), { product_id: second.id, title: second.title, price: 'free' }, item(first), item(second)],
  );
  await page.goto('/cart');
  await expect(page.getByTestId('cart-item')).toHaveCount(2);
  await expect(page.getByTestId('cart-count')).toHaveText('2');

  await page.evaluate(() => localStorage.setItem('cart', '{not json'));
  await page.reload();
  await expect(page.getByText('Your cart is empty')).toBeVisible();
});
