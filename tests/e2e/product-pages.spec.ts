import { expect, test, type Page } from '@playwright/test';
import { registerCustomer, uniqueEmail, clearClientLimits } from './helpers';
import { buyAsCustomer, createGalleryProduct, expectNoAxeViolations, type GalleryProduct } from './gallery-product';

test.beforeAll(clearClientLimits);

// Issue #28 §1, §2, §4 in the browser, on a phone-sized and a desktop screen
// (Decision 086): the gallery (thumbnails, a swipe on the phone, the lightbox
// by keyboard), a buyer's review from the form to the server-rendered list,
// and the heart from a visitor's click through sign-in to My Wishlist. Each
// screen is checked with axe.

const toast = (page: Page, text: string) => page.locator('[data-sonner-toast]').filter({ hasText: text });

/** A finger swiping `dx` pixels (negative: to the left) across the middle of `selector`, as Chromium's touch input. */
async function swipe(page: Page, selector: string, dx: number) {
  const box = (await page.locator(selector).boundingBox())!;
  const y = box.y + box.height / 2;
  let x = box.x + box.width / 2 - dx / 2;
  const cdp = await page.context().newCDPSession(page);
  await cdp.send('Input.dispatchTouchEvent', { type: 'touchStart', touchPoints: [{ x, y }] });
  for (let step = 0; step < 10; step++) {
    x += dx / 10;
    await cdp.send('Input.dispatchTouchEvent', { type: 'touchMove', touchPoints: [{ x, y }] });
  }
  await cdp.send('Input.dispatchTouchEvent', { type: 'touchEnd', touchPoints: [] });
  await cdp.detach();
}

const screens = [
  { name: 'phone', use: { viewport: { width: 390, height: 844 }, isMobile: true, hasTouch: true, deviceScaleFactor: 2 } },
  { name: 'desktop', use: { viewport: { width: 1280, height: 800 } } },
] as const;

for (const screen of screens) {
  test.describe(`product page on a ${screen.name} screen`, () => {
    test.use(screen.use);
    let product: GalleryProduct;

    test.beforeAll(async ({ browser }) => {
      product = await createGalleryProduct(browser, screen.name === 'phone' ? 'Phone' : 'Desktop');
    });

    test('gallery: thumbnails choose an image, the lightbox moves by arrow keys and closes with Escape', async ({ page }) => {
      await page.goto(`/product/${product.id}`);
      await expect(page.getByRole('heading', { level: 1, name: product.title })).toBeVisible();
      const thumbs = page.getByRole('button', { name: /^Show image \d$/ });
      await expect(thumbs).toHaveCount(3);
      await expect(thumbs.nth(0)).toHaveAttribute('aria-current', 'true');
      await expectNoAxeViolations(page);

      if (screen.name === 'phone') {
        // A swipe on the strip snaps to the next image.
        await swipe(page, '[data-testid="gallery-strip"]', -220);
        await expect(thumbs.nth(1)).toHaveAttribute('aria-current', 'true');
      } else {
        await thumbs.nth(1).click();
        await expect(thumbs.nth(1)).toHaveAttribute('aria-current', 'true');
      }
      await thumbs.nth(2).click();
      await expect(thumbs.nth(2)).toHaveAttribute('aria-current', 'true');

      await page.getByRole('button', { name: `Enlarge image 2 of 3 of ${product.title}` }).click();
      const lightbox = page.getByRole('dialog', { name: product.title });
      await expect(lightbox).toBeVisible();
      await expect(page.getByTestId('lightbox-position')).toHaveText('2 / 3');
      await page.keyboard.press('Escape');
      await expect(lightbox).toBeHidden();
      await expect(page.getByRole('button', { name: `Enlarge image 2 of 3 of ${product.title}` })).toBeFocused();

      await page.getByRole('button', { name: `Enlarge image of ${product.title}` }).click();
      await expect(lightbox).toBeVisible();
      await expect(page.getByTestId('lightbox-position')).toHaveText('1 / 3');
      await expect(page.getByTestId('lightbox-image')).toHaveAttribute('alt', product.alts[0]);
      await expectNoAxeViolations(page);
      await page.keyboard.press('ArrowRight');
      await expect(page.getByTestId('lightbox-position')).toHaveText('2 / 3');
      await expect(page.getByTestId('lightbox-image')).toHaveAttribute('alt', product.alts[1]);
      await page.keyboard.press('ArrowLeft');
      await page.keyboard.press('ArrowLeft');
      await expect(page.getByTestId('lightbox-position')).toHaveText('3 / 3');
      if (screen.name === 'phone') {
        await swipe(page, '[data-testid="lightbox-image"]', -200);
        await expect(page.getByTestId('lightbox-position')).toHaveText('1 / 3');
      }
      await page.keyboard.press('Escape');
      await expect(lightbox).toBeHidden();
      await expect(page.getByRole('button', { name: `Enlarge image of ${product.title}` })).toBeFocused();
    });

    test("reviews: a buyer's review is published on the page with its stars and 'Verified purchase'", async ({ page }) => {
      test.setTimeout(60_000);
      await page.goto(`/product/${product.id}#reviews`);
      await expect(page.getByText('No reviews yet. Reviews come from customers who bought this item.')).toBeVisible();
      await expect(page.getByRole('link', { name: 'Log in' })).toHaveAttribute('href', `/login?next=${encodeURIComponent(`/product/${product.id}#reviews`)}`);

      const name = screen.name === 'phone' ? 'Phoebe Phone' : 'Desmond Desk';
      await registerCustomer(page, { name, email: uniqueEmail(`review-${screen.name}`), password: 'Review-Pass-2025' });
      await expect(page).toHaveURL(/\/membership$/);
      await buyAsCustomer(page, product.id);

      await page.goto(`/product/${product.id}#reviews`);
      await page.getByRole('button', { name: 'Write a review' }).click();
      const form = page.getByRole('form', { name: 'Your review' });
      await form.locator('label').filter({ hasText: '4 stars' }).click();
      await form.getByLabel('Title').fill(`Lovely colours (${screen.name})`);
      await form.getByLabel('Your review (optional)').fill('Printed on matte card, the colours are as shown.');
      await expectNoAxeViolations(page);
      await form.getByRole('button', { name: 'Post review' }).click();
      await expect(toast(page, 'Thank you! Your review is published')).toBeVisible();

      const review = page.getByTestId('review').filter({ hasText: `Lovely colours (${screen.name})` });
      await expect(review).toBeVisible({ timeout: 15_000 });
      await expect(review).toContainText('Verified purchase');
      await expect(review).toContainText(`${name.split(' ')[0]} ${name.split(' ')[1][0]}.`);
      await expect(page.getByTestId('rating-summary')).toContainText('4.0');
      await expect(page.getByTestId('own-review')).toContainText(`Lovely colours (${screen.name})`);
      await expectNoAxeViolations(page);
    });

    test('wishlist: a visitor is asked to sign in, comes back to the product saved, and finds it in My Wishlist', async ({ page }) => {
      test.setTimeout(60_000);
      await page.goto(`/product/${product.id}`);
      await page.getByRole('button', { name: 'Save to wishlist', exact: true }).click();
      await expect(toast(page, 'Log in to save products to your wishlist')).toBeVisible();
      await expect(page).toHaveURL(`/login?next=${encodeURIComponent(`/product/${product.id}`)}`);

      await page.getByRole('tab', { name: 'Register' }).click();
      await page.getByLabel('Name').fill('Wanda Wish');
      await page.getByLabel('Email', { exact: true }).fill(uniqueEmail(`wishlist-${screen.name}`));
      await page.getByLabel('Password', { exact: true }).fill('Wishlist-Pass-2025');
      await page.getByRole('button', { name: 'Create Account' }).click();

      await expect(page).toHaveURL(new RegExp(`/product/${product.id}$`));
      await expect(toast(page, 'Saved to your wishlist')).toBeVisible();
      await expect(page.getByRole('button', { name: 'Saved to wishlist', exact: true })).toHaveAttribute('aria-pressed', 'true');

      await page.goto('/my-wishlist');
      await expect(page.getByRole('heading', { level: 1, name: 'My Wishlist' })).toBeVisible();
      const row = page.getByTestId('wishlist-item').filter({ hasText: product.title });
      await expect(row).toContainText('12.00 AUD');
      await expectNoAxeViolations(page);
      await row.getByRole('button', { name: 'Add to Cart' }).click();
      await expect(toast(page, `${product.title} added to cart!`)).toBeVisible();

      await row.getByRole('button', { name: 'Save to wishlist' }).click();
      await expect(toast(page, 'Removed from your wishlist')).toBeVisible();
      await expect(page.getByRole('heading', { name: 'Your wishlist is empty' })).toBeVisible();
    });
  });
}
