import { expect, test, type Locator, type Page } from '@playwright/test';
import { apiGet, categoryList, uniqueEmail } from './helpers';

// Keyboard only (issue #25 §1): a shopper who never touches a mouse buys a
// product from the home page through to /success. Only Tab, Enter and typing:
// no click() anywhere in this file.

const MAX_TABS = 120;

/**
 * Presses Tab until `target` has the focus, and checks each stop is something a sighted keyboard user can see.
 * A control with an id is recognised by it: a lazy picker's stand-in and the real control that takes its
 * place (focused) share one id, whichever of the two holds the focus when it is checked.
 */
async function tabTo(page: Page, target: Locator): Promise<void> {
  const id = await target.getAttribute('id');
  const focused = async () =>
    id ? page.evaluate((wanted) => document.activeElement?.id === wanted, id) : target.evaluate((el) => el === document.activeElement).catch(() => false);
  for (let presses = 0; presses < MAX_TABS; presses++) {
    await page.keyboard.press('Tab');
    if (await focused()) {
      await expect(target).toBeVisible();
      return;
    }
  }
  throw new Error(`${target} never received the focus within ${MAX_TABS} presses of Tab`);
}

test('a keyboard-only shopper buys a product from the home page to /success', async ({ page }) => {
  await page.goto('/');
  const firstCard = page.getByTestId('product-card').first();
  const title = (await firstCard.getByRole('heading').textContent())!.trim();

  // The skip link is the first stop and lands on the page's content.
  await page.keyboard.press('Tab');
  await expect(page.getByRole('link', { name: 'Skip to content' })).toBeFocused();

  await tabTo(page, firstCard.getByRole('button', { name: 'Buy Now' }));
  await page.keyboard.press('Enter');
  await page.waitForURL(/\/cart$/);
  await expect(page.getByTestId('cart-item').filter({ hasText: title })).toBeVisible();

  await tabTo(page, page.getByRole('button', { name: 'Proceed to Checkout' }));
  await page.keyboard.press('Enter');
  await page.waitForURL(/\/checkout\/test\/cs_test_[A-Za-z0-9_]+$/);

  await tabTo(page, page.getByLabel('Email for your receipt'));
  await page.keyboard.type(uniqueEmail('keyboard-buyer'));
  // Enter in the form's field submits it: Complete test payment.
  await page.keyboard.press('Enter');
  await page.waitForURL(/\/success\?session_id=/);
  await expect(page.getByRole('heading', { name: 'Payment Successful!' })).toBeVisible({ timeout: 15_000 });
  await expect(page.getByTestId('purchased-item').filter({ hasText: title })).toBeVisible();

  // The download is reachable by keyboard too.
  await tabTo(page, page.getByTestId('purchased-item').getByRole('link').first());
});

test('a keyboard-only shopper narrows the listing with the searchable category picker', async ({ page, request }) => {
  const categories = await apiGet(request, '/api/categories', categoryList);
  // A name no other category's name contains, so typing it leaves one option.
  const category = categories.find((c) => categories.filter((o) => o.name.toLowerCase().includes(c.name.toLowerCase())).length === 1)!;
  await page.goto('/products');
  const picker = page.getByRole('combobox', { name: 'Category', exact: true });
  await tabTo(page, picker);
  // Reaching it loads the real control, which takes the stand-in's place still focused (it carries aria-activedescendant).
  await expect(picker).toHaveAttribute('aria-activedescendant');
  await expect(picker).toBeFocused();

  await page.keyboard.press('Control+A');
  await page.keyboard.type(category.name);
  const options = page.getByRole('listbox', { name: 'Category', exact: true }).getByRole('option');
  await expect(options).toHaveText([category.name]);
  await page.keyboard.press('ArrowDown');
  await expect(options.first()).toHaveAttribute('aria-selected', 'true');
  await page.keyboard.press('Enter');
  await page.waitForURL((url) => url.searchParams.get('category') === category.name);
  await expect(page.getByRole('combobox', { name: 'Category', exact: true })).toHaveValue(category.name);
});
