import AxeBuilder from '@axe-core/playwright';
import { expect, test, type APIRequestContext, type Page } from '@playwright/test';
import { signInAsAdmin, sql } from './helpers';

// Settings → Shop and Settings → Pages in the browser (Decision 093), on a
// phone and on a desktop screen: the owner renames the shop and rewrites a
// page using the keyboard alone, and every page shows the change at once;
// axe-core finds no serious or critical violation on the tab or the page.

const VIEWPORTS = [
  { name: 'phone', width: 390, height: 844 },
  { name: 'desktop', width: 1280, height: 800 },
] as const;

const DEFAULTS = {
  name: 'Pixel Press Studio',
  hero_headline: 'Print-ready designs, instantly yours',
  hero_text: 'Sublimation designs, clip art, wall art and money-saving bundles. Pay in AUD, download in seconds.',
  social_handle: 'pixelpressstudio',
  contact_email: '',
  footer_line: 'All rights reserved.',
};

const toast = (page: Page, text: string) => page.locator('[data-sonner-toast]').filter({ hasText: text });

async function expectAccessible(page: Page, state: string): Promise<void> {
  await page.waitForLoadState('load');
  const { violations } = await new AxeBuilder({ page }).analyze();
  const blocking = violations
    .filter((v) => v.impact === 'serious' || v.impact === 'critical')
    .map((v) => `${v.impact} ${v.id}: ${v.help} at ${v.nodes.map((n) => n.target.join(' ')).join(', ')}`);
  expect(blocking, `${state}: axe found serious or critical violations`).toEqual([]);
}

/**
 * Puts the shop back as it shipped: the saved pages removed, then the identity
 * saved through the API, whose refresh of the shop's cache tag covers the pages too.
 */
async function restoreShop(request: APIRequestContext): Promise<void> {
  await sql('DELETE FROM "ShopPage"');
  const login = await request.post('/api/auth/login', { form: { username: 'admin', password: 'admin' } });
  const { token } = (await login.json()) as { token: string };
  const saved = await request.put('/api/admin/settings/shop', { headers: { authorization: `Bearer ${token}` }, data: DEFAULTS });
  expect(saved.ok(), await saved.text()).toBe(true);
}

/** Moves focus with Tab until `target` has it (at most `limit` presses), as a keyboard user would. */
async function tabTo(page: Page, target: ReturnType<Page['getByLabel']>, limit = 60): Promise<void> {
  for (let i = 0; i < limit; i++) {
    if (await target.evaluate((el) => el === document.activeElement)) return;
    await page.keyboard.press('Tab');
  }
  throw new Error('never reached by Tab');
}

for (const viewport of VIEWPORTS) {
  test.describe(`on a ${viewport.name} (${viewport.width}×${viewport.height})`, () => {
    test.use({ viewport: { width: viewport.width, height: viewport.height } });
    test.describe.configure({ timeout: 180_000 });

    test.afterEach(async ({ request }) => restoreShop(request));

    test('Settings → Shop: renaming by keyboard changes every page at once', async ({ page }) => {
      const name = `Paper Moon ${viewport.name}`;
      await signInAsAdmin(page);
      await page.goto('/admin/dashboard?tab=settings');
      const form = page.getByRole('region', { name: 'Shop', exact: true });
      await expect(form.getByLabel('Shop name')).toHaveValue(DEFAULTS.name);
      await expectAccessible(page, 'Settings tab');

      await tabTo(page, form.getByLabel('Shop name'));
      await page.keyboard.press('ControlOrMeta+a');
      await page.keyboard.type(name);
      await page.keyboard.press('Tab');
      await page.keyboard.press('ControlOrMeta+a');
      await page.keyboard.type('Stickers for every planner');
      await tabTo(page, form.getByLabel('Footer line'));
      await page.keyboard.press('ControlOrMeta+a');
      await page.keyboard.type('Made in Hobart.');
      await page.keyboard.press('Tab');
      await expect(form.getByRole('button', { name: 'Save Shop Settings' })).toBeFocused();
      await page.keyboard.press('Enter');
      await expect(toast(page, 'Shop settings saved')).toBeVisible();

      await page.goto('/');
      await expect(page.getByRole('heading', { level: 1 })).toHaveText('Stickers for every planner');
      await expect(page.getByText(`Copyright 2025 ${name}. Made in Hobart.`)).toBeVisible();
      await expect(page.getByRole('link', { name: `${name} home` })).toBeVisible();
      await expect(page).toHaveTitle(`${name} | Print-ready designs, clip art and bundles`);
    });

    test('Settings → Pages: a page written in Markdown is served at its address, linked from the footer', async ({ page }) => {
      await signInAsAdmin(page);
      await page.goto('/admin/dashboard?tab=settings');
      const pages = page.getByRole('region', { name: 'Pages' });
      await pages.getByLabel('Page').selectOption('contact');
      const text = pages.getByLabel('Text (Markdown)');
      await expect(text).toHaveValue(/Contact us/);
      await expectAccessible(page, 'Settings tab, Pages');
      await text.fill(`## Say hello\n\n- by email, any day\n- [our studio](https://example.com/studio) (${viewport.name})`);
      await pages.getByRole('button', { name: 'Save Page' }).click();
      await expect(toast(page, 'Page saved')).toBeVisible();

      await page.goto('/');
      await page.getByRole('navigation', { name: 'About the shop' }).getByRole('link', { name: 'Contact' }).click();
      await expect(page).toHaveURL(/\/pages\/contact$/);
      await expect(page.getByRole('heading', { name: 'Say hello' })).toBeVisible();
      await expect(page.getByRole('link', { name: 'our studio' })).toHaveAttribute('href', 'https://example.com/studio');
      await expect(page.getByText(`(${viewport.name})`)).toBeVisible();
      await expectAccessible(page, '/pages/contact');

      await page.goto('/pages/refund-policy');
      await expect(page.getByRole('heading', { name: 'Refund policy', level: 1 })).toBeVisible();
      await expect(page.getByText(/Australian Consumer Law/).first()).toBeVisible();
      await expectAccessible(page, '/pages/refund-policy');
    });
  });
}
