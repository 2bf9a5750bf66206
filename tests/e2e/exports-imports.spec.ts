import { readFile } from 'node:fs/promises';
import { randomBytes } from 'node:crypto';
import { expect, test, type Download, type Page } from '@playwright/test';
import { expectAccessible } from './axe';
import { signInAsAdmin, sql } from './helpers';

// Older than every seeded product: tests elsewhere that take the newest product (with its images) never get this bare one.
const OLDER_THAN_THE_CATALOGUE = new Date('2020-01-01T00:00:00Z');

// Exports and the products import through the browser (Decision 092): Export
// CSV on the Orders and All Products tabs downloads the tab's filtered list,
// and a small edited file goes through Import CSV: the dry run's table of
// changes and errors, then Apply, after which the list shows the new price.

test.describe.configure({ timeout: 180_000 });

async function downloaded(page: Page, click: () => Promise<void>): Promise<{ download: Download; text: string }> {
  const [download] = await Promise.all([page.waitForEvent('download'), click()]);
  return { download, text: await readFile((await download.path())!, 'utf8') };
}

test('exports the Orders tab and All Products, and imports an edited products file', async ({ page }) => {
  const title = `Import e2e ${randomBytes(4).toString('hex')}`;
  const [{ id }] = await sql<{ id: string }>(
    `INSERT INTO "Product" (id, title, "priceCents", "createdAt", "updatedAt") VALUES ($1, $2, 1100, $3, now()) RETURNING id`,
    [`e2e${randomBytes(8).toString('hex')}`, title, OLDER_THAN_THE_CATALOGUE],
  );
  await signInAsAdmin(page);
  const panel = page.getByRole('tabpanel');

  await page.goto('/admin/dashboard?tab=orders');
  // The tab's own export; each order's download log has an Export CSV link of its own.
  const orders = await downloaded(page, () => panel.locator('a[href^="/api/admin/orders.csv"]').click());
  expect(orders.download.suggestedFilename()).toMatch(/^orders-\d{4}-\d{2}-\d{2}\.csv$/);
  expect(orders.text.split('\r\n')[0]).toBe('date,order,customer,product_id,product,tier,price,discount,price_paid,gst,refunded,status');

  await page.goto('/admin/dashboard?tab=products');
  await panel.getByLabel('Search products').fill(title);
  await expect(panel.getByRole('list', { name: 'Products and bundles' }).getByRole('listitem')).toHaveCount(1);
  const products = await downloaded(page, () => panel.locator('a[href^="/api/admin/products.csv"]').click());
  expect(products.download.suggestedFilename()).toMatch(/^products-\d{4}-\d{2}-\d{2}\.csv$/);
  const lines = products.text.trimEnd().split('\r\n');
  // The search narrowed the export to the one product, as it narrowed the list.
  expect(lines).toHaveLength(2);
  expect(lines[1]).toContain(`"${id}","product","${title}"`);

  // One valid edit and one row naming a product that does not exist.
  const edited = `${lines[0]}\r\n${lines[1].replace('"11.00"', '"13.50"')}\r\n${lines[1].replace(id, 'nosuchproduct')}\r\n`;
  await panel.getByLabel('Import products from a CSV file').setInputFiles({ name: 'products.csv', mimeType: 'text/csv', buffer: Buffer.from(edited) });
  const dialog = page.getByRole('dialog', { name: 'Import products' });
  await expect(dialog).toBeVisible();
  await expect(dialog.getByTestId('import-change')).toHaveCount(1);
  await expect(dialog.getByTestId('import-change')).toContainText(['price11.0013.50']);
  await expect(dialog.getByTestId('import-error')).toHaveText(['3idUnknown product id: nosuchproduct']);
  await expect(dialog.getByRole('button', { name: 'Apply', exact: true })).toBeDisabled();
  await expectAccessible(page, 'the import dry run');

  await dialog.getByRole('button', { name: 'Apply the valid rows' }).click();
  await expect(page.getByText('Updated 1 product')).toBeVisible();
  await expect(dialog).toBeHidden();
  await expect(panel.getByRole('list', { name: 'Products and bundles' })).toContainText('13.50');
  const [{ priceCents }] = await sql<{ priceCents: number }>(`SELECT "priceCents" FROM "Product" WHERE id = $1`, [id]);
  expect(priceCents).toBe(1350);
});
