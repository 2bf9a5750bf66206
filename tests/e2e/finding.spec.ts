import AxeBuilder from '@axe-core/playwright';
import { expect, test, type Locator, type Page } from '@playwright/test';
import { uniqueEmail } from './helpers';

// Finding things and completing the set (issue #28 §3, §5; Decisions 088, 089),
// on a phone and on a desktop screen: a search through a typo in another word
// order, the sort menu and price filter, a tag listing, numbered pages, and the
// recommendation rows of the product page, the cart and /success. Each state is
// judged by axe-core; a serious or critical violation fails the test.

const VIEWPORTS = [
  { name: 'phone', width: 390, height: 844 },
  { name: 'desktop', width: 1280, height: 800 },
] as const;

const BLOCKING = new Set(['serious', 'critical']);

async function expectAccessible(page: Page, state: string): Promise<void> {
  await page.waitForLoadState('load');
  const { violations } = await new AxeBuilder({ page }).analyze();
  const blocking = violations
    .filter((v) => BLOCKING.has(v.impact ?? ''))
    .map((v) => `${v.impact} ${v.id}: ${v.help} at ${v.nodes.map((n) => n.target.join(' ')).join(', ')}`);
  expect(blocking, `${state}: axe found serious or critical violations`).toEqual([]);
}

const cards = (page: Page) => page.getByTestId('product-card');
const cardTitles = async (page: Page) => (await cards(page).getByRole('heading').allTextContents()).map((t) => t.trim());

/** What each card asks now: the last amount on the card (the sale price follows the struck-through one). */
async function cardPrices(page: Page): Promise<number[]> {
  const texts = await cards(page).allTextContents();
  return texts.map((text) => Number([...text.matchAll(/(\d+\.\d{2}) AUD/g)].at(-1)?.[1]));
}

/** The ids a recommendation row offers, in order, counting only the cards shown. */
async function offered(row: Locator): Promise<string[]> {
  return row.locator('[data-recommended]:visible').evaluateAll((items) => items.map((li) => (li as HTMLElement).dataset.recommended ?? ''));
}

const productId = (page: Page) => new URL(page.url()).pathname.split('/').pop() as string;

for (const viewport of VIEWPORTS) {
  test.describe(`on a ${viewport.name} (${viewport.width}×${viewport.height})`, () => {
    test.use({ viewport: { width: viewport.width, height: viewport.height } });
    // Several pages, each judged by axe, which takes seconds on a busy machine.
    test.describe.configure({ timeout: 180_000 });

    test('search forgives a typo and another word order, title matches first', async ({ page }) => {
      await page.goto('/products');
      await page.getByRole('searchbox', { name: 'Search', exact: true }).fill('tumbler sunflwer');
      await page.getByRole('searchbox', { name: 'Search', exact: true }).press('Enter');
      await page.waitForURL(/search=tumbler(\+|%20)sunflwer/);
      await expect(cards(page).first().getByRole('heading')).toHaveText('Sunflower Leopard Tumbler Wrap 20oz');
      // A search offers Best match, its own order, as the default.
      await expect(page.getByLabel('Sort by')).toHaveValue('');
      await expectAccessible(page, 'a search through a typo');
    });

    test('the sort menu and price filter keep the search, then a tag listing pages by number', async ({ page }) => {
      await page.goto('/products?search=wrap');
      await page.getByLabel('Sort by').selectOption({ label: 'Price: low to high' });
      await page.getByLabel('Min price (AUD)').fill('1');
      await page.getByRole('button', { name: 'Apply' }).click();
      await page.waitForURL((url) => url.searchParams.get('sort') === 'price_asc' && url.searchParams.get('min_price') === '1');
      expect(new URL(page.url()).searchParams.get('search')).toBe('wrap');
      const prices = await cardPrices(page);
      expect(prices.length).toBeGreaterThan(1);
      expect(prices.every((p) => p >= 1)).toBe(true);
      expect(prices).toEqual([...prices].sort((a, b) => a - b));
      await expect(page.getByLabel('Min price (AUD)')).toHaveValue('1');
      await expectAccessible(page, 'a sorted, price-filtered search');

      // Highest first, without the search: the listing's own cached page.
      await page.goto('/products?sort=price_desc');
      const down = await cardPrices(page);
      expect(down).toEqual([...down].sort((a, b) => b - a));
      await expect(page.getByText(/^Page 1 of \d+$/)).toBeVisible();
      await page.getByRole('link', { name: 'Page 2' }).click();
      await page.waitForURL(/page=2/);
      await expect(page.locator('[aria-current="page"]')).toHaveText('2');
      expect(new URL(page.url()).searchParams.get('sort')).toBe('price_desc');
      const second = await cardPrices(page);
      expect(second[0]).toBeLessThanOrEqual(down.at(-1) as number);

      // A tag on a card leads to its listing, which says so and keeps to it.
      const tagLink = page.getByRole('list', { name: 'Tags' }).first().getByRole('link').first();
      const tag = (await tagLink.textContent())?.trim() as string;
      await tagLink.click();
      await page.waitForURL((url) => url.searchParams.get('tag') === tag);
      await expect(page.getByText(`#${tag}`, { exact: true })).toBeVisible();
      await expect(page.getByRole('link', { name: 'Remove tag' })).toBeVisible();
      expect((await cardTitles(page)).length).toBeGreaterThan(0);
      await expectAccessible(page, 'a tag listing');
    });

    test('complete the set: the product page, the cart and /success offer other items, never one held', async ({ page }) => {
      await page.goto('/products');
      await cards(page).first().getByRole('heading').getByRole('link').click();
      await page.waitForURL(/\/product\//);
      const first = productId(page);
      const together = page.locator('#bought-together');
      await expect(together.getByRole('heading', { name: 'Frequently bought together' })).toBeVisible();
      const onPage = await offered(together);
      expect(onPage.length).toBeGreaterThan(1);
      expect(onPage).not.toContain(first);
      await expectAccessible(page, 'a product page with its recommendations');

      // Put the first item and one recommendation in the cart: the product page hides it at once.
      await page.getByRole('button', { name: 'Add to Cart' }).first().click();
      await expect(page.getByTestId('cart-count')).toHaveText('1');
      const picked = onPage[0];
      await together.locator(`[data-recommended="${picked}"] a`).click();
      await page.waitForURL(new RegExp(`/product/${picked}$`));
      await page.getByRole('button', { name: 'Add to Cart' }).first().click();
      await expect(page.getByTestId('cart-count')).toHaveText('2');
      await page.goto(`/product/${first}`);
      await expect(together.locator(`[data-recommended="${picked}"]`)).toBeHidden();
      expect(await offered(together)).not.toContain(picked);

      await page.goto('/cart');
      const cartRow = page.locator('#cart-recommendations');
      await expect(cartRow.getByRole('heading', { name: 'You might also like' })).toBeVisible();
      const inCart = await offered(cartRow);
      expect(inCart.length).toBeGreaterThan(0);
      expect(inCart.length).toBeLessThanOrEqual(4);
      for (const id of [first, picked]) expect(inCart).not.toContain(id);
      await expectAccessible(page, 'the cart with its recommendations');

      await page.getByRole('button', { name: 'Proceed to Checkout' }).click();
      await page.waitForURL(/\/checkout\/test\//);
      await page.getByLabel('Email for your receipt').fill(uniqueEmail('set'));
      await page.getByRole('button', { name: 'Complete test payment' }).click();
      await page.waitForURL(/\/success\?session_id=/);
      const setRow = page.locator('#complete-the-set');
      await expect(setRow.getByRole('heading', { name: 'Complete the set' })).toBeVisible();
      const afterPaying = await offered(setRow);
      expect(afterPaying.length).toBeGreaterThan(0);
      for (const id of [first, picked]) expect(afterPaying).not.toContain(id);
      await expectAccessible(page, '/success with Complete the set');
    });
  });
}
