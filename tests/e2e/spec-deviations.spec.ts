// Issue #15 §5 in the browser: places where main showed something other than docs/product.md.
import { expect, test, type Page } from '@playwright/test';
import { clearClientLimits } from './helpers';

test.beforeAll(clearClientLimits);

test.describe('/membership-success', () => {
  const STATUS = '**/api/membership/subscription-status/**';

  test('shows no panel and keeps checking while a slow webhook leaves the subscription pending, then succeeds', async ({ page }) => {
    await page.clock.install();
    let asked = 0;
    let paid = false;
    await page.route(STATUS, (route) => {
      asked++;
      return route.fulfill({
        json: paid ? { status: 'paid', current_period_end: '2030-01-31T00:00:00.000Z' } : { status: 'pending', current_period_end: null },
      });
    });
    await page.goto('/membership-success?session_id=cs_test_slow_webhook_0001');
    await expect(page.getByTestId('membership-pending')).toBeAttached();
    // Each pending answer schedules the next ask; twelve asks reach well past the old 20 s give-up.
    for (let ask = 2; ask <= 12; ask++) {
      await page.clock.runFor(30_000);
      await expect.poll(() => asked).toBe(ask);
      await expect(page.getByTestId('membership-pending')).toBeAttached();
      await expect(page.getByRole('heading', { name: 'Error' })).toHaveCount(0);
    }
    paid = true;
    await page.clock.runFor(30_000);
    await expect(page.getByRole('heading', { name: 'Welcome to the Membership!' })).toBeVisible();
  });

  test('shows the error panel when the status request keeps failing', async ({ page }) => {
    await page.clock.install();
    let asked = 0;
    await page.route(STATUS, (route) => {
      asked++;
      return route.abort('failed');
    });
    await page.goto('/membership-success?session_id=cs_test_broken_0001');
    for (let ask = 2; ask <= 5; ask++) {
      await expect.poll(() => asked).toBe(ask - 1);
      await page.clock.runFor(30_000);
    }
    await expect(page.getByText("We couldn't verify your subscription. Please contact support.")).toBeVisible();
  });

  test('shows the error panel at once when the checkout expired', async ({ page }) => {
    await page.route(STATUS, (route) => route.fulfill({ json: { status: 'expired', current_period_end: null } }));
    await page.goto('/membership-success?session_id=cs_test_expired_0001');
    await expect(page.getByText("We couldn't verify your subscription. Please contact support.")).toBeVisible();
  });
});

type ListedItem = { id: string; title: string; price: number; on_sale: boolean; sale_price: number | null; image_path: string | null };

/** One product in the stored cart, as the storefront would have put it there. */
async function cartWithOneProduct(page: Page): Promise<ListedItem> {
  const [item] = (await (await page.request.get('/api/products?limit=1')).json()) as ListedItem[];
  await page.goto('/');
  await page.evaluate((it) => {
    const price = it.on_sale && it.sale_price !== null ? it.sale_price : it.price;
    localStorage.setItem('cart', JSON.stringify([{ product_id: it.id, title: it.title, price, image_path: it.image_path, is_bundle: false }]));
  }, item);
  return item;
}

const toast = (page: Page, text: string) => page.locator('[data-sonner-toast]').filter({ hasText: text });

test.describe('the cart when the network fails', () => {
  test("says 'Failed to validate discount code', not the browser's 'Failed to fetch'", async ({ page }) => {
    await cartWithOneProduct(page);
    await page.route('**/api/validate-discount**', (route) => route.abort('internetdisconnected'));
    await page.goto('/cart');
    await page.getByLabel('Discount code').fill('SPRING10');
    await page.getByRole('button', { name: 'Apply' }).click();
    await expect(toast(page, 'Failed to validate discount code')).toBeVisible();
    await expect(page.getByText('Failed to fetch')).toHaveCount(0);
  });

  test("says 'Failed to initiate checkout', not the browser's 'Failed to fetch', and the button is usable again", async ({ page }) => {
    await cartWithOneProduct(page);
    await page.route('**/api/checkout/session**', (route) => route.abort('internetdisconnected'));
    await page.goto('/cart');
    await page.getByRole('button', { name: 'Proceed to Checkout' }).click();
    await expect(toast(page, 'Failed to initiate checkout')).toBeVisible();
    await expect(page.getByText('Failed to fetch')).toHaveCount(0);
    await expect(page.getByRole('button', { name: 'Proceed to Checkout' })).toBeEnabled();
  });
});

test.describe('a stored user whose membership lapsed', () => {
  test('the cart and nav ask the server: the discount box and the real price, no crown, no $0 total', async ({ page }) => {
    const email = `lapsed-${Date.now().toString(36)}@example.com`;
    // A signed-in customer the server knows as a non-member…
    const registered = await page.request.post('/api/auth/user-register', { form: { email, password: 'Lapsed-Member-2025', name: 'Lapsed Lee' } });
    expect(registered.ok(), await registered.text()).toBe(true);
    const { user } = (await registered.json()) as { user: { id: string } };
    const item = await cartWithOneProduct(page);
    // …whose browser still holds the member flag from when the membership was live.
    await page.evaluate((id) => localStorage.setItem('user', JSON.stringify({ id, email: 'x', name: 'Lapsed Lee', is_member: true })), user.id);

    await page.goto('/cart');
    await expect(page.getByLabel('Discount code')).toBeVisible();
    await expect(page.getByTestId('member-panel')).toHaveCount(0);
    const price = item.on_sale && item.sale_price !== null ? item.sale_price : item.price;
    await expect(page.getByTestId('order-total')).toHaveText(`${price.toFixed(2)} AUD`);
    await expect(page.getByTestId('nav-user').first()).toHaveText('Lapsed Lee');
    expect(await page.evaluate(() => JSON.parse(localStorage.getItem('user') ?? 'null')?.is_member)).toBe(false);
  });
});

test.describe('admin banner settings', () => {
  test('the textarea shows what is typed in upper case, as it is saved', async ({ page }) => {
    await page.goto('/admin/login');
    await page.getByLabel('Username').fill('admin');
    await page.getByLabel('Password').fill('admin');
    await page.getByRole('button', { name: 'Login', exact: true }).click();
    await page.getByRole('tab', { name: 'Settings', exact: true }).click();
    const message = page.getByRole('tabpanel').getByLabel('Banner message');
    await expect(message).not.toHaveValue('');
    await message.fill('');
    await message.pressSequentially('new in  free clip art');
    await expect(message).toHaveValue('NEW IN  FREE CLIP ART');
    await expect(page.getByTestId('banner-preview').getByRole('listitem')).toHaveText(['NEW IN', 'FREE CLIP ART']);
  });
});
