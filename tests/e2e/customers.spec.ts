import AxeBuilder from '@axe-core/playwright';
import { expect, test, type Page } from '@playwright/test';
import { signInAsAdmin, uniqueEmail, clearClientLimits } from './helpers';

test.beforeAll(clearClientLimits);

// The Customers tab (Decision 091) on a phone and on a desktop screen: reached
// from the tab list by keyboard, searched and filtered on the server, a
// customer opened, and the actions used through their confirmation dialogs,
// with axe-core judging each state (a serious or critical violation fails).

const VIEWPORTS = [
  { name: 'phone', width: 390, height: 844 },
  { name: 'desktop', width: 1280, height: 800 },
] as const;

async function expectAccessible(page: Page, state: string): Promise<void> {
  await page.waitForLoadState('load');
  const { violations } = await new AxeBuilder({ page }).analyze();
  const blocking = violations
    .filter((v) => v.impact === 'serious' || v.impact === 'critical')
    .map((v) => `${v.impact} ${v.id}: ${v.help} at ${v.nodes.map((n) => n.target.join(' ')).join(', ')}`);
  expect(blocking, `${state}: axe found serious or critical violations`).toEqual([]);
}

async function newCustomer(page: Page) {
  const email = uniqueEmail('e2e-customer');
  const name = `Tab Customer ${email.slice(13, 21)}`;
  const res = await page.request.post('/api/auth/user-register', { form: { email, password: 'correct horse battery', name } });
  expect(res.status(), await res.text()).toBe(200);
  return { email, name };
}

for (const viewport of VIEWPORTS) {
  test.describe(`on a ${viewport.name} (${viewport.width}×${viewport.height})`, () => {
    test.use({ viewport: { width: viewport.width, height: viewport.height } });
    test.describe.configure({ timeout: 180_000 });

    test('finds a customer, grants a complimentary membership and blocks sign-in, by keyboard where it matters', async ({ page }) => {
      const customer = await newCustomer(page);
      await page.context().clearCookies();
      await signInAsAdmin(page);

      // The tab list by keyboard: the arrow moves from Insights to Customers, the next tab.
      await page.getByRole('tab', { name: 'Insights' }).click();
      await page.getByRole('tab', { name: 'Insights' }).focus();
      await page.keyboard.press('ArrowRight');
      await expect(page.getByRole('tab', { name: 'Customers' })).toHaveAttribute('aria-selected', 'true');
      await expect(page).toHaveURL(/\?tab=customers$/);
      await expect(page.getByRole('heading', { name: 'Customers' })).toBeVisible();
      await expectAccessible(page, 'the customer list');

      await page.getByLabel('Search').fill(customer.email);
      const rows = page.getByTestId('customer-row');
      await expect(rows).toHaveCount(1);
      await expect(rows.first()).toContainText(customer.name);
      // A filter the customer does not match: a paid order in a past range.
      await page.getByLabel('Bought from').fill('2020-01-01');
      await page.getByLabel('Bought to').fill('2020-01-31');
      await expect(page.getByText('No customers found')).toBeVisible();
      await page.getByLabel('Bought from').fill('');
      await page.getByLabel('Bought to').fill('');
      await expect(rows).toHaveCount(1);

      const open = page.getByRole('button', { name: `Open ${customer.name} (${customer.email})` });
      await open.focus();
      await page.keyboard.press('Enter');
      await expect(page.getByRole('heading', { name: customer.name })).toBeVisible();
      await expect(page.getByText('Never a member')).toBeVisible();
      await expectAccessible(page, "a customer's record");

      await page.getByLabel('Months').selectOption('3');
      await page.getByRole('button', { name: 'Grant complimentary membership' }).click();
      await expect(page.getByText(/^Complimentary member, ends /)).toBeVisible();

      await page.getByRole('button', { name: 'Block sign-in' }).click();
      const dialog = page.getByRole('dialog', { name: 'Block sign-in' });
      await expect(dialog).toContainText('Every session of theirs ends now.');
      await expectAccessible(page, 'the block confirmation');
      // Confirmed from the keyboard.
      await dialog.getByRole('button', { name: 'Block', exact: true }).focus();
      await page.keyboard.press('Enter');
      await expect(dialog).toBeHidden();
      await expect(page.getByRole('button', { name: 'Unblock sign-in' })).toBeVisible();
      await expect(page.getByText('Blocked', { exact: true })).toBeVisible();
      const login = await page.request.post('/api/auth/user-login', { form: { email: customer.email, password: 'correct horse battery' } });
      expect(login.status()).toBe(401);

      await page.getByRole('button', { name: 'Back to customers' }).click();
      await expect(rows.first()).toContainText('Complimentary member');
    });

    test('anonymising asks first, and Cancel changes nothing', async ({ page }) => {
      const customer = await newCustomer(page);
      await page.context().clearCookies();
      await signInAsAdmin(page);
      await page.goto('/admin/dashboard?tab=customers');
      await page.getByLabel('Search').fill(customer.email);
      await page.getByRole('button', { name: `Open ${customer.name} (${customer.email})` }).click();
      await expect(page.getByRole('heading', { name: customer.name })).toBeVisible();

      await page.getByRole('button', { name: 'Anonymise' }).click();
      const dialog = page.getByRole('dialog', { name: 'Anonymise customer' });
      await expect(dialog).toContainText('This cannot be undone.');
      await dialog.getByRole('button', { name: 'Cancel' }).click();
      await expect(page.getByRole('heading', { name: customer.name })).toBeVisible();

      await page.getByRole('button', { name: 'Anonymise' }).click();
      await dialog.getByRole('button', { name: 'Anonymise' }).click();
      await expect(page.getByRole('heading', { name: 'Anonymised customer' })).toBeVisible();
      await expect(page.getByText(/^Anonymised on /)).toBeVisible();
      // The shop's toasts (richColors) are judged once gone: their contrast is the shared toaster's, not this tab's.
      await expect(page.locator('[data-sonner-toast]')).toHaveCount(0, { timeout: 15_000 });
      await expectAccessible(page, 'an anonymised customer');
    });
  });
}
