import { expect, test, type Page } from '@playwright/test';
import { apiGet, bundleList, categoryList, productList, uniqueEmail, clearClientLimits } from './helpers';
import { expectAccessible, VIEWPORTS } from './axe';
import { createFreeProduct } from '../support/free-product';
import { registerCustomer, waitForMail } from './helpers';

test.beforeAll(clearClientLimits);

// Accessibility is checked, not hoped for (issue #25 §1): axe-core runs over
// every shop route in the states a visitor can reach (licence pages included), and over every
// back-office tab with its dialogs open, on a phone and on a desktop screen.
// A serious or critical violation fails the test, listed with where it is.

/** Opens `path`, waits for its `heading` when given (the state under test has rendered), and judges it. */
async function visit(page: Page, path: string, state: string, heading?: string | RegExp): Promise<void> {
  await page.goto(path);
  // The first such heading is the page's own: a terms page's Markdown may repeat its words lower down.
  if (heading) await expect(page.getByRole('heading', { name: heading }).first()).toBeVisible();
  await expectAccessible(page, state);
}

const TEST_PAYMENT_URL = /\/checkout\/test\/cs_test_[A-Za-z0-9_]+$/;

for (const viewport of VIEWPORTS) {
  test.describe(`on a ${viewport.name} (${viewport.width}×${viewport.height})`, () => {
    test.use({ viewport: { width: viewport.width, height: viewport.height } });
    // Each test judges up to a dozen pages, and one axe run takes seconds on a busy machine.
    test.describe.configure({ timeout: 240_000 });

    test('home, with the mobile menu open on a phone', async ({ page }) => {
      await visit(page, '/', 'home');
      if (viewport.name === 'phone') {
        await page.getByRole('button', { name: 'Open menu' }).click();
        await expect(page.locator('#mobile-menu')).toBeVisible();
        await expectAccessible(page, 'home, mobile menu open');
      }
    });

    test('listings: all products, a category with its picker open, a search without results', async ({ page, request }) => {
      const [category] = await apiGet(request, '/api/categories', categoryList);
      await visit(page, '/products', '/products');
      await visit(page, `/products?category=${encodeURIComponent(category.name)}`, 'a category listing');
      // The searchable category picker, open with its list.
      await page.getByRole('combobox', { name: 'Category', exact: true }).click();
      await expect(page.getByRole('listbox', { name: 'Category', exact: true })).toBeVisible();
      await expectAccessible(page, 'a category listing, category picker open');
      await visit(page, '/products?search=zzzz-no-such-design', 'a search with no results');
    });

    test('a product with its image enlarged, a bundle, an unknown product', async ({ page, request }) => {
      const product = (await apiGet(request, '/api/products?limit=20', productList)).find((p) => !p.is_bundle)!;
      const [bundle] = await apiGet(request, '/api/bundles', bundleList);
      await visit(page, `/product/${product.id}`, 'a product page');
      const termsHref = await page.getByRole('group', { name: 'Licence' }).getByRole('link').first().getAttribute('href');
      await page.getByRole('button', { name: `Enlarge image of ${product.title}` }).click();
      await expect(page.getByRole('dialog', { name: product.title })).toBeVisible();
      await expectAccessible(page, 'a product page, image enlarged');
      await page.keyboard.press('Escape');
      await expect(page.getByRole('dialog')).toHaveCount(0);
      await expect(page.getByRole('button', { name: `Enlarge image of ${product.title}` })).toBeFocused();

      await visit(page, `/product/${bundle.id}`, 'a bundle page');
      await visit(page, '/product/nosuchproduct', 'an unknown product');
      await visit(page, termsHref!, "a licence's terms", / licence$/);
    });

    test('cart empty and filled, the test payment page and the payment results', async ({ page, request }) => {
      const [product] = (await apiGet(request, '/api/products?limit=20', productList)).filter((p) => !p.is_bundle);
      await page.goto('/cart');
      await expect(page.getByText('Your cart is empty')).toBeVisible();
      await expectAccessible(page, 'an empty cart');

      await page.goto(`/product/${product.id}`);
      await page.getByRole('button', { name: 'Add to Cart' }).click();
      await page.goto('/cart');
      await expect(page.getByTestId('cart-item')).toHaveCount(1);
      await expectAccessible(page, 'a filled cart');

      await page.getByRole('button', { name: 'Proceed to Checkout' }).click();
      await page.waitForURL(TEST_PAYMENT_URL);
      await expectAccessible(page, 'the test payment page');
      await page.getByLabel('Email for your receipt').fill(uniqueEmail('a11y-buyer'));
      await page.getByRole('button', { name: 'Complete test payment' }).click();
      await expect(page.getByRole('heading', { name: 'Payment Successful!' })).toBeVisible();
      await expectAccessible(page, '/success, paid');
      // The licence the purchase issued has a public verification page.
      const licenceId = /LIC-[A-Z2-7]{16}/.exec((await page.getByTestId('purchased-licence').first().textContent()) ?? '')![0];
      await visit(page, `/licence/${licenceId}`, 'a licence verification page', licenceId);

      await visit(page, '/success', '/success without a session', 'Error');
      await visit(page, '/success?session_id=cs_test_unknown_a11y', '/success, checking', 'Checking your payment...');
    });

    test('sign-in, password and account pages, membership and its confirmation', async ({ page }) => {
      await visit(page, '/login', '/login, Login tab');
      await page.getByRole('tab', { name: 'Register' }).click();
      await expect(page.getByRole('button', { name: 'Create Account' })).toBeVisible();
      await expectAccessible(page, '/login, Register tab');

      await visit(page, '/forgot-password', '/forgot-password');
      await page.getByLabel('Email', { exact: true }).fill(uniqueEmail('a11y-forgot'));
      await page.getByRole('button', { name: 'Send Reset Link' }).click();
      await expect(page.getByRole('heading', { name: 'Check Your Email' })).toBeVisible();
      await expectAccessible(page, '/forgot-password, sent');

      await visit(page, '/reset-password', '/reset-password without a token', 'Invalid Reset Link');
      await visit(page, '/reset-password?token=a11y-token', '/reset-password with a token');

      await visit(page, '/membership-success', '/membership-success without a session', 'Error');

      await visit(page, '/verify-email', '/verify-email without a token', 'Invalid Confirmation Link');
      await visit(page, '/verify-email?token=a11y-not-a-token', '/verify-email with a token', 'Confirm Your Email');
      await page.getByRole('button', { name: 'Confirm my email' }).click();
      // Next's route announcer is an alert too, an empty one.
      await expect(page.getByRole('alert').filter({ hasText: 'invalid or has expired' })).toBeVisible();
      await expectAccessible(page, '/verify-email, link refused');

      // A new customer: My Orders (empty), the membership offer, a subscription and the member's panel.
      await page.goto('/login');
      await page.getByRole('tab', { name: 'Register' }).click();
      await page.getByLabel('Name').fill('Ada Access');
      await page.getByLabel('Email', { exact: true }).fill(uniqueEmail('a11y-member'));
      await page.getByLabel('Password', { exact: true }).fill('correct horse battery staple');
      await page.getByRole('button', { name: 'Create Account' }).click();
      await page.waitForURL(/\/membership$/);
      await expect(page.getByTestId('plan-monthly')).toBeVisible();
      await page.getByRole('button', { name: 'Have a promo code?' }).click();
      await expectAccessible(page, '/membership, offer');

      await visit(page, '/my-orders', '/my-orders, no orders', 'No Orders Yet');

      await page.goto('/membership');
      await page.getByRole('button', { name: 'Subscribe Monthly' }).click();
      await page.waitForURL(TEST_PAYMENT_URL);
      await page.getByRole('button', { name: 'Complete test payment' }).click();
      await expect(page.getByTestId('membership-success')).toBeVisible({ timeout: 15_000 });
      await expectAccessible(page, '/membership-success, confirmed');

      await page.goto('/membership');
      await expect(page.getByTestId('member-panel')).toBeVisible();
      await expectAccessible(page, '/membership, member');
      await page.getByRole('button', { name: 'Cancel Membership' }).click();
      const confirm = page.getByRole('dialog', { name: 'Cancel Membership?' });
      await expect(confirm).toBeVisible();
      await expectAccessible(page, '/membership, cancel confirmation');
      await confirm.getByRole('button', { name: 'Keep Membership' }).click();
      await expect(confirm).toBeHidden();
      await expect(page.getByRole('button', { name: 'Cancel Membership' })).toBeFocused();

      await visit(page, '/members/dashboard', '/members/dashboard', /Welcome back/);

      // A member's $0 order, then My Orders with its card and download buttons.
      const [product] = (await apiGet(page.request, '/api/products?limit=20', productList)).filter((p) => !p.is_bundle);
      await page.goto(`/product/${product.id}`);
      await page.getByRole('button', { name: 'Add to Cart' }).click();
      await page.goto('/cart');
      await expect(page.getByTestId('member-panel')).toBeVisible();
      await expectAccessible(page, "a member's cart");
      await page.getByRole('button', { name: 'Proceed to Checkout' }).click();
      await expect(page.getByRole('heading', { name: 'Payment Successful!' })).toBeVisible();
      await page.goto('/my-orders');
      await expect(page.getByTestId('order-card')).toHaveCount(1);
      await expectAccessible(page, '/my-orders, an order');
    });

    test('a free product, its download dialog and confirm page, and email preferences (Decision 095)', async ({ page }) => {
      const title = `A11y free ${viewport.name} ${Date.now()}`;
      const productId = await createFreeProduct(process.env.SHOP_URL as string, title);
      const email = uniqueEmail(`a11y-free-${viewport.name}`);
      await registerCustomer(page, { name: 'Ada Free', email, password: 'correct horse battery' });
      await expect(page).toHaveURL(/\/membership/);
      await visit(page, '/account/email', '/account/email', 'Email preferences');
      await expect(page.getByLabel('New designs and offers')).toBeVisible();
      await expectAccessible(page, '/account/email, loaded');

      await visit(page, `/product/${productId}`, 'a free product', title);
      await page.getByRole('button', { name: 'Free download' }).click();
      const dialog = page.getByRole('dialog', { name: `Free download: ${title}` });
      await expect(dialog).toBeVisible();
      await expectAccessible(page, 'Free download dialog');
      await dialog.getByRole('button', { name: 'Email me the download link' }).click();
      await expect(dialog.getByRole('status')).toBeVisible();

      const mail = await waitForMail(email, 20_000, 'Confirm your email to download');
      const link = new URL(mail.text.match(/https?:\/\/\S+\/free-download\/confirm\?token=[A-Za-z0-9_-]+/)![0]);
      await visit(page, link.pathname + link.search, '/free-download/confirm', 'Your free download');
      await visit(page, '/free-download/confirm?token=not-a-real-token-at-all-xx', '/free-download/confirm, a spent link', 'Your free download');
    });

    test('admin sign-in and every dashboard tab, with its dialogs and pickers open', async ({ page }) => {
      await visit(page, '/admin/login', '/admin/login');
      const login = await page.request.post('/api/auth/login', { data: { username: 'admin', password: 'admin' } });
      expect(login.ok(), await login.text()).toBe(true);

      // Every tab the dashboard lists, read from the page so a tab added later is judged too.
      await page.goto('/admin/dashboard');
      const tabs = await page.getByRole('tablist').getByRole('tab').allTextContents();
      expect(tabs).toEqual(expect.arrayContaining(['All Products', 'Upload', 'Sales Manager', 'Orders', 'Vouchers', 'Settings', 'Categories', 'Tags']));
      for (const name of tabs) {
        const tab = page.getByRole('tab', { name, exact: true });
        await tab.click();
        await expect(tab).toHaveAttribute('aria-selected', 'true');
        await expect(page.getByRole('tabpanel')).toBeVisible();
        // Each tab's list or form has loaded before it is judged.
        await expect(page.getByRole('tabpanel').getByText('Loading...', { exact: true })).toHaveCount(0);
        await expectAccessible(page, `dashboard tab ${name}`);
      }

      const panel = page.getByRole('tabpanel');
      await page.goto('/admin/dashboard?tab=products');
      await panel
        .getByRole('button', { name: /^Edit / })
        .first()
        .click();
      const edit = page.getByRole('dialog', { name: /^Edit (Product|Bundle)$/ });
      await expect(edit).toBeVisible();
      await edit.getByRole('combobox', { name: 'Category', exact: true }).click();
      await expect(edit.getByRole('listbox', { name: 'Category', exact: true })).toBeVisible();
      await expectAccessible(page, 'Edit Product dialog, category picker open');
      await page.keyboard.press('Escape');
      await expect(edit.getByRole('listbox', { name: 'Category', exact: true })).toBeHidden();
      await expect(edit).toBeVisible();
      await page.keyboard.press('Escape');
      await expect(edit).toBeHidden();

      await panel.getByRole('button', { name: 'New Bundle' }).click();
      const bundle = page.getByRole('dialog', { name: 'New Bundle' });
      await bundle.getByRole('combobox', { name: 'Tags' }).click();
      await expectAccessible(page, 'New Bundle dialog, tag suggestions open');
      // Escape closes the open list first, and only then the dialog.
      await page.keyboard.press('Escape');
      await expect(bundle.getByRole('listbox', { name: 'Tag suggestions' })).toBeHidden();
      await expect(bundle).toBeVisible();
      await bundle.getByRole('button', { name: 'Cancel' }).click();
      await expect(bundle).toBeHidden();

      await page.goto('/admin/dashboard?tab=categories');
      await panel
        .getByRole('button', { name: /^Edit / })
        .first()
        .click();
      await expect(page.getByRole('dialog', { name: 'Edit Category' })).toBeVisible();
      await expectAccessible(page, 'Edit Category dialog');

      await page.goto('/admin/dashboard?tab=tags');
      await panel
        .getByRole('button', { name: /^Delete tag / })
        .first()
        .click();
      const confirm = page.getByRole('dialog', { name: 'Delete tag' });
      await expect(confirm).toBeVisible();
      await expectAccessible(page, 'a delete confirmation');
      await confirm.getByRole('button', { name: 'Cancel' }).click();
      await expect(confirm).toBeHidden();

      // Admin → Email (Decision 096): the tab itself is judged in the loop above; here the send confirmation.
      expect(tabs).toContain('Email');
      await page.goto('/admin/dashboard?tab=email');
      await panel.getByRole('button', { name: 'Send', exact: true }).click();
      const send = page.getByRole('dialog', { name: 'Send this newsletter?' });
      await expect(send).toBeVisible();
      await expectAccessible(page, 'Send newsletter confirmation');
      await send.getByRole('button', { name: 'Cancel' }).click();
      await expect(send).toBeHidden();

      await page.goto('/admin/dashboard?tab=orders');
      await expect(panel.getByTestId('admin-order').first()).toBeVisible();
      await panel.getByRole('button', { name: 'Resend Order Email' }).first().click();
      await expect(page.getByRole('dialog', { name: 'Resend Order Email' })).toBeVisible();
      await expectAccessible(page, 'Resend Order Email dialog');
    });
  });
}
