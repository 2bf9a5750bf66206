import { randomBytes } from 'node:crypto';
import { expect, test, type Page } from '@playwright/test';
import { z } from 'zod';
import { adminProductResponse, bundleResponse } from '@/lib/contract/catalog';
import { apiGet, productList, sql } from './helpers';

// Issue #15 in the browser: the New Bundle dialog with its searchable, ordered
// product picker and tag autocomplete (pickers close on an outside click), and
// the voucher Disable / Enable / Delete buttons.

const suffix = randomBytes(3).toString('hex');
const toast = (page: Page, text: string) => page.locator('[data-sonner-toast]').filter({ hasText: text });

async function signIn(page: Page) {
  await page.goto('/admin/login');
  await page.getByLabel('Username').fill('admin');
  await page.getByLabel('Password').fill('admin');
  await page.getByRole('button', { name: 'Login', exact: true }).click();
  await expect(page).toHaveURL(/\/admin\/dashboard$/);
}

async function openTab(page: Page, name: string) {
  await page.getByRole('tab', { name, exact: true }).click();
  await expect(page.getByRole('tab', { name, exact: true })).toHaveAttribute('aria-selected', 'true');
  return page.getByRole('tabpanel');
}

test('New Bundle: pick products by search in order, tags with autocomplete, and the bundle page lists them', async ({ page, request }) => {
  test.setTimeout(120_000);
  const products = (await apiGet(request, '/api/products?limit=100', productList)).filter((p) => !p.is_bundle);
  const [first, second] = products.slice(0, 2);
  const [{ name: knownTag }] = await sql<{ name: string }>('SELECT name FROM "Tag" ORDER BY name LIMIT 1');
  const title = `E2E Bundle ${suffix}`;

  await signIn(page);
  const panel = await openTab(page, 'All Products');
  await panel.getByRole('button', { name: 'New Bundle' }).click();
  const dialog = page.getByRole('dialog', { name: 'New Bundle' });
  await dialog.getByLabel('Title', { exact: true }).fill(title);
  await dialog.getByLabel('Price (AUD)').fill('19.95');
  await dialog.getByLabel('Category', { exact: true }).selectOption({ index: 1 });

  // Tags: a suggestion from the vocabulary, then a new word; the list closes on an outside click.
  const tagBox = dialog.getByRole('combobox', { name: 'Tags' });
  await tagBox.fill(knownTag.slice(0, 3));
  const suggestions = dialog.getByRole('listbox', { name: 'Tag suggestions' });
  await suggestions.getByRole('button', { name: knownTag, exact: true }).click();
  await tagBox.fill(`fresh-${suffix}`);
  await tagBox.press('Enter');
  await expect(dialog.getByRole('list', { name: 'Chosen tags' }).getByRole('listitem')).toHaveCount(2);
  await tagBox.click();
  await expect(suggestions).toBeVisible();
  await dialog.getByLabel('Title', { exact: true }).click();
  await expect(suggestions).toBeHidden();

  // Products: searched on the server, added in order, then reordered.
  const search = dialog.getByRole('combobox', { name: 'Products' });
  const results = dialog.getByRole('listbox', { name: 'Matching products' });
  for (const product of [first, second]) {
    await search.fill(product.title);
    await results.getByRole('button', { name: product.title, exact: true }).click();
  }
  const chosen = dialog.getByRole('list', { name: 'Products in this bundle' }).getByRole('listitem');
  await expect(chosen).toHaveCount(2);
  await expect(chosen.first()).toContainText(first.title);
  await dialog.getByLabel('Title', { exact: true }).click();
  await expect(results).toBeHidden();
  await dialog.getByRole('button', { name: `Move ${second.title} up` }).click();
  await expect(chosen.first()).toContainText(second.title);

  await dialog.getByRole('button', { name: 'Create Bundle' }).click();
  await expect(toast(page, `Bundle "${title}" created`)).toBeVisible();
  await expect(dialog).toBeHidden();

  const [bundle] = await sql<{ id: string }>('SELECT id FROM "Product" WHERE title = $1 AND "isBundle"', [title]);
  const saved = await apiGet(request, `/api/bundles/${bundle.id}`, bundleResponse);
  expect(saved.product_ids).toEqual([second.id, first.id]);
  expect(saved.tags).toEqual([knownTag, `fresh-${suffix}`]);
  expect(saved.cover_image_path).toMatch(/^\/media\//);
  expect(await sql('SELECT 1 FROM "Tag" WHERE name = $1', [`fresh-${suffix}`])).toHaveLength(1);

  await page.goto(`/product/${bundle.id}`);
  const contents = page.getByRole('heading', { name: 'In this bundle' }).locator('..');
  await expect(contents.getByRole('link', { name: second.title })).toHaveAttribute('href', `/product/${second.id}`);
  await expect(contents.getByRole('link', { name: first.title })).toHaveAttribute('href', `/product/${first.id}`);
});

test('vouchers: disable, enable and delete from the Vouchers tab', async ({ page }) => {
  await signIn(page);
  const panel = await openTab(page, 'Vouchers');
  await panel.getByLabel('Customer email').fill(`stop-${suffix}@example.com`);
  await panel.getByLabel('Type').selectOption('percentage');
  await panel.getByLabel('Value', { exact: true }).fill('15');
  await panel.getByRole('button', { name: 'Create Voucher' }).click();
  await expect(panel.getByTestId('voucher-row').filter({ hasText: `stop-${suffix}@example.com` })).toHaveCount(1);
  const [{ code }] = await sql<{ code: string }>('SELECT code FROM "Voucher" WHERE "customerEmail" = $1', [`stop-${suffix}@example.com`]);
  const row = panel.getByTestId('voucher-row').filter({ hasText: code });
  await expect(row).toContainText('Active');
  // The search runs on the server: the list narrows to this one code.
  const searched = page.waitForRequest((r) => new URL(r.url()).pathname === '/api/admin/vouchers' && new URL(r.url()).searchParams.get('search') === code);
  await panel.getByLabel('Search vouchers').fill(code);
  await searched;
  await expect(panel.getByTestId('voucher-row')).toHaveCount(1);
  await expect(panel.getByText('Showing 1–1 of 1')).toBeVisible();

  await row.getByRole('button', { name: 'Disable' }).click();
  await expect(row).toContainText('Disabled');
  const refused = await page.request.post(`/api/validate-discount?code=${code}`);
  expect(await refused.json()).toMatchObject({ valid: false, message: 'This discount code has been disabled' });
  await row.getByRole('button', { name: 'Enable' }).click();
  await expect(row).toContainText('Active');

  await row.getByRole('button', { name: `Delete voucher ${code}` }).click();
  await page.getByRole('dialog', { name: 'Delete voucher' }).getByRole('button', { name: 'Delete' }).click();
  await expect(toast(page, `Voucher ${code} deleted`)).toBeVisible();
  await expect(row).toHaveCount(0);
});

test('All Products: search and pages come from the server, and "Select all N matching" moves every match', async ({ page }) => {
  test.setTimeout(120_000);
  const prefix = `Paged ${suffix}`;
  // More matches than one page (50), copied from a seeded product so every column is valid.
  await sql(
    `INSERT INTO "Product"
     SELECT (jsonb_populate_record(NULL::"Product", to_jsonb(p) || jsonb_build_object('id', 'paged-' || $1 || '-' || n, 'title', $2 || ' ' || lpad(n::text, 2, '0'), 'categoryId', NULL, 'subcategory', NULL, 'createdAt', now(), 'updatedAt', now()))).*
     FROM (SELECT * FROM "Product" WHERE NOT "isBundle" AND "deletedAt" IS NULL LIMIT 1) p, generate_series(1, 60) n`,
    [suffix, prefix],
  );
  const [{ name: target }] = await sql<{ name: string }>('SELECT name FROM "Category" ORDER BY name DESC LIMIT 1');
  try {
    await signIn(page);
    const panel = await openTab(page, 'All Products');
    const searched = page.waitForRequest((r) => r.url().includes('/api/admin/products?') && new URL(r.url()).searchParams.get('search') === prefix);
    await panel.getByLabel('Search products').fill(prefix);
    await searched;
    const rows = panel.getByTestId('admin-product');
    await expect(panel.getByText('Showing 1–50 of 60')).toBeVisible();
    await expect(rows).toHaveCount(50);
    await expect(rows.filter({ hasNotText: prefix })).toHaveCount(0);

    await panel.getByRole('button', { name: 'Next' }).click();
    await expect(panel.getByText('Showing 51–60 of 60')).toBeVisible();
    await expect(rows).toHaveCount(10);
    await panel.getByRole('button', { name: 'Previous' }).click();
    await expect(panel.getByText('Showing 1–50 of 60')).toBeVisible();

    await panel.getByLabel(/Select all shown/).check();
    await panel.getByRole('button', { name: 'Select all 60 matching' }).click();
    await panel.getByLabel('Move selected to category').selectOption(target);
    await panel.getByRole('button', { name: 'Update Category' }).click();
    await expect(toast(page, 'Updated successfully')).toContainText(`60 item(s) moved to ${target}`);

    const moved = await apiGet(page.request, `/api/admin/products?limit=100&search=${encodeURIComponent(prefix)}`, z.array(adminProductResponse));
    expect(moved).toHaveLength(60);
    expect(moved.filter((p) => p.category !== target)).toEqual([]);
  } finally {
    // Out of the other specs' way: the storefront lists would show them otherwise.
    await sql('UPDATE "Product" SET "deletedAt" = now() WHERE id LIKE $1', [`paged-${suffix}-%`]);
  }
});
