import { randomBytes } from 'node:crypto';
import { expect, test, type Page } from '@playwright/test';
import sharp from 'sharp';
import { z } from 'zod';
import { adminProductResponse, bundleResponse } from '@/lib/contract/catalog';
import { apiGet, categoryList, pick, productList, sql, clearClientLimits } from './helpers';

test.beforeAll(clearClientLimits);

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
  await pick(dialog, 'Category', (await apiGet(request, '/api/categories', categoryList))[0].name);

  // Tags: a suggestion from the vocabulary, then a new word; the list closes on an outside click.
  const tagBox = dialog.getByRole('combobox', { name: 'Tags' });
  await tagBox.fill(knownTag.slice(0, 3));
  const suggestions = dialog.getByRole('listbox', { name: 'Tag suggestions' });
  await suggestions.getByRole('option', { name: knownTag, exact: true }).click();
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
    await results.getByRole('option', { name: product.title, exact: true }).click();
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
    await pick(panel, 'Move selected to category', target);
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

test('tags from the vocabulary with autocomplete in the individual upload form and the Edit dialog; new ones join the Tags tab', async ({ page }) => {
  test.setTimeout(120_000);
  // The first two tags by name: nothing sorts before the first, so it leads every suggestion list it is in.
  const [{ name: known }, { name: other }] = await sql<{ name: string }>('SELECT name FROM "Tag" ORDER BY name LIMIT 2');
  const [{ name: category }] = await sql<{ name: string }>('SELECT name FROM "Category" ORDER BY name LIMIT 1');
  const title = `Tagged ${suffix}`;
  const [added, typed, edited] = [`new-${suffix}`, `typed-${suffix}`, `edited-${suffix}`];
  const mockup = await sharp({ create: { width: 80, height: 60, channels: 3, background: { r: 200, g: 90, b: 120 } } })
    .png()
    .toBuffer();

  try {
    await signIn(page);
    const upload = await openTab(page, 'Upload');
    await upload.getByRole('radio', { name: 'Individual Upload' }).click();
    const form = upload.getByRole('form', { name: 'Individual upload' });
    await form.getByLabel('Mockup image').setInputFiles({ name: 'mockup.png', mimeType: 'image/png', buffer: mockup });
    await form.getByLabel('Product files').setInputFiles({ name: 'design.png', mimeType: 'image/png', buffer: mockup });
    await form.getByLabel('Title').fill(title);
    await form.getByLabel('Price (AUD)').fill('6.50');
    await pick(form, 'Category', category);

    // Keyboard: the arrow picks a suggestion, Enter takes it; a comma ends a new tag; Backspace takes the last chip off.
    const tagBox = form.getByRole('combobox', { name: 'Tags' });
    await expect(tagBox).toHaveAccessibleDescription('Comma-separated');
    const suggestions = form.getByRole('listbox', { name: 'Tag suggestions' });
    const chosen = form.getByRole('list', { name: 'Chosen tags' }).getByRole('listitem');
    await tagBox.fill(known);
    await tagBox.press('ArrowDown');
    await expect(suggestions.getByRole('option', { name: known, exact: true })).toHaveAttribute('aria-selected', 'true');
    await tagBox.press('Enter');
    await tagBox.pressSequentially(`${added},`);
    await expect(chosen).toHaveText([known, added]);
    await tagBox.pressSequentially(typed);
    await tagBox.press('Backspace');
    await expect(tagBox).toHaveValue(typed.slice(0, -1));
    await tagBox.fill('');
    await tagBox.press('Backspace');
    await expect(chosen).toHaveText([known]);
    // A tag typed and never confirmed is kept when the owner moves on; the list closes on an outside click.
    await tagBox.fill(added);
    await expect(suggestions).toBeHidden();
    await form.getByLabel('Title').click();
    await expect(chosen).toHaveText([known, added]);
    await tagBox.click();
    await expect(suggestions).toBeVisible();
    await form.getByLabel('Title').click();
    await expect(suggestions).toBeHidden();

    await form.getByRole('button', { name: 'Upload Product' }).click();
    await expect(toast(page, `${title} uploaded`)).toBeVisible({ timeout: 20_000 });
    const [product] = await sql<{ id: string; tags: string[] }>('SELECT id, tags FROM "Product" WHERE title = $1', [title]);
    expect(product.tags).toEqual([known, added]);
    const tagsTab = await openTab(page, 'Tags');
    await expect(tagsTab.getByRole('button', { name: `Delete tag ${added}`, exact: true })).toBeVisible();

    // The Edit dialog: the product's tags as chips; one taken off, one picked by mouse, one new.
    const products = await openTab(page, 'All Products');
    await products.getByLabel('Search products').fill(title);
    await products.getByRole('button', { name: `Edit ${title}` }).click();
    const dialog = page.getByRole('dialog', { name: 'Edit Product' });
    const dialogChips = dialog.getByRole('list', { name: 'Chosen tags' }).getByRole('listitem');
    await expect(dialogChips).toHaveText([known, added]);
    await dialog.getByRole('button', { name: `Remove tag ${added}` }).click();
    const editBox = dialog.getByRole('combobox', { name: 'Tags' });
    await editBox.fill(other);
    await dialog.getByRole('listbox', { name: 'Tag suggestions' }).getByRole('option', { name: other, exact: true }).click();
    await editBox.fill(typed);
    await editBox.press('Enter');
    await editBox.fill(edited);
    await dialog.getByRole('button', { name: 'Save Changes' }).click();
    await expect(toast(page, 'Updated successfully')).toBeVisible();
    await expect(dialog).toBeHidden();

    const [saved] = await sql<{ tags: string[] }>('SELECT tags FROM "Product" WHERE id = $1', [product.id]);
    expect(saved.tags).toEqual([known, other, typed, edited]);
    const vocabulary = await openTab(page, 'Tags');
    for (const tag of [typed, edited]) await expect(vocabulary.getByRole('button', { name: `Delete tag ${tag}`, exact: true })).toBeVisible();
    const names = await sql<{ name: string }>('SELECT name FROM "Tag" WHERE name = ANY($1)', [[added, typed, edited]]);
    expect(names.map((t) => t.name).sort()).toEqual([added, typed, edited].sort());
  } finally {
    // Out of the other specs' way: the newest products lead the storefront lists they read. Deleted
    // through the API, which also refreshes the cached pages; the SQL covers a run that stopped before sign-in.
    const removed = await page.request.post('/api/admin/products/bulk-delete', { data: { all_matching: { search: title } } });
    expect(removed.status(), await removed.text()).toBe(200);
    await sql('UPDATE "Product" SET "deletedAt" = now() WHERE title = $1', [title]);
  }
});

test('Sales Manager: "Select all N matching" in All Products puts every match on sale, on every page', async ({ page }) => {
  test.setTimeout(120_000);
  const prefix = `Sale pages ${suffix}`;
  await sql(
    `INSERT INTO "Product"
     SELECT (jsonb_populate_record(NULL::"Product", to_jsonb(p) || jsonb_build_object('id', 'salepg-' || $1 || '-' || n, 'title', $2 || ' ' || lpad(n::text, 2, '0'),
       'onSale', false, 'salePriceCents', NULL, 'saleStart', NULL, 'saleEnd', NULL, 'createdAt', now(), 'updatedAt', now()))).*
     FROM (SELECT * FROM "Product" WHERE NOT "isBundle" AND "deletedAt" IS NULL AND "priceCents" > 0 LIMIT 1) p, generate_series(1, 60) n`,
    [suffix, prefix],
  );
  try {
    await signIn(page);
    const products = await openTab(page, 'All Products');
    await products.getByLabel('Search products').fill(prefix);
    await expect(products.getByText('Showing 1–50 of 60')).toBeVisible();
    await products.getByLabel(/Select all shown/).check();
    await products.getByRole('button', { name: 'Select all 60 matching' }).click();
    await expect(products.getByLabel(/Select all shown/)).toHaveAccessibleName('Select all shown (all 60 matching selected)');

    const sales = await openTab(page, 'Sales Manager');
    const applied = page.waitForRequest((r) => new URL(r.url()).pathname === '/api/admin/bulk-sale');
    await sales.getByLabel('Apply to').selectOption('products');
    await expect(sales.getByLabel('Apply to').locator('option:checked')).toHaveText('Selected Products (60)');
    await expect(sales.getByText(`All 60 product(s) matching "${prefix}" selected in All Products`)).toBeVisible();
    await sales.getByRole('button', { name: 'Apply Sale' }).click();
    // The filter travels, not 60 ids.
    expect((await applied).postDataJSON()).toMatchObject({ target_type: 'products', all_matching: { search: prefix } });
    expect((await applied).postDataJSON()).not.toHaveProperty('product_ids');
    await expect(toast(page, 'Sale applied to 60 products')).toBeVisible();
    const [{ n }] = await sql<{ n: string }>(
      `SELECT count(*) AS n FROM "Product" WHERE id LIKE $1 AND "onSale" AND "salePriceCents" = ROUND("priceCents" * 0.8)`,
      [`salepg-${suffix}-%`],
    );
    expect(Number(n)).toBe(60);

    // Back in All Products, the list shows the search the selection stands for.
    const again = await openTab(page, 'All Products');
    await expect(again.getByLabel('Search products')).toHaveValue(prefix);
    await expect(again.getByText('Showing 1–50 of 60')).toBeVisible();
  } finally {
    // As above: the sale refreshed the cached pages with these items, the delete refreshes them without.
    const removed = await page.request.post('/api/admin/products/bulk-delete', { data: { all_matching: { search: prefix } } });
    expect(removed.status(), await removed.text()).toBe(200);
  }
});
