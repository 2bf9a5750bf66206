// The contract of the CSV exports and the products import (Decision 092): each
// export is a text/csv attachment named by the day under its tab's query; the
// import takes a multipart file and answers its contract in a dry run and an
// apply; a visitor gets 401 and a role without the permission 403.
import { randomBytes } from 'node:crypto';
import { beforeAll, describe, expect, it } from 'vitest';
import { productImportResponse } from '@/lib/contract/exports';
import { adminToken, call, registerCustomer, sql, type Customer } from '../security/helpers';
import { inviteStaffMember, type StaffMember } from '../support/staff-http';
import { expectError, expectShape } from './helpers';

// Older than every seeded product: tests elsewhere that take the newest product (with its images) never get this bare one.
const OLDER_THAN_THE_CATALOGUE = new Date('2020-01-01T00:00:00Z');

let owner: Record<string, string>;
let catalogueStaff: StaffMember;
let supportStaff: StaffMember;
let customer: Customer;
let product: { id: string; title: string };

const EXPORTS = [
  { path: '/api/admin/orders.csv', name: 'orders', header: 'date,order,customer,product_id,product,tier,price,discount,price_paid,gst,refunded,status' },
  {
    path: '/api/admin/customers.csv',
    name: 'customers',
    header: 'id,email,name,joined,email_verified,member,complimentary,blocked,anonymised,paid_orders,spent',
  },
  {
    path: '/api/admin/products.csv',
    name: 'products',
    header: 'id,kind,title,description,price,on_sale,sale_price,sale_start,sale_end,category,subcategory,tags,tier_personal,tier_commercial,tier_extended',
  },
];

/**
 * The products header: its fixed columns, then one per licence tier in the tiers' order. Other
 * suites add tiers while this one runs, so any columns after the seeded three must be tiers too.
 */
function expectProductsHeader(line: string, seeded: string): number {
  const columns = line.split(',');
  const expected = seeded.split(',');
  expect(columns.slice(0, expected.length)).toEqual(expected);
  for (const extra of columns.slice(expected.length)) expect(extra).toMatch(/^tier_[a-z0-9-]+$/);
  return columns.filter((c) => c.startsWith('tier_')).length;
}

function importForm(csv: string, fields: Record<string, string>): FormData {
  const form = new FormData();
  for (const [name, value] of Object.entries(fields)) form.append(name, value);
  form.append('file', new Blob([csv], { type: 'text/csv' }), 'products.csv');
  return form;
}

const lines = (text: string) => text.trimEnd().split('\r\n');

beforeAll(async () => {
  owner = { authorization: `Bearer ${await adminToken()}` };
  catalogueStaff = await inviteStaffMember(owner, 'catalogue', 'exports-catalogue');
  supportStaff = await inviteStaffMember(owner, 'support', 'exports-support');
  customer = await registerCustomer('exports');
  const title = `Export contract ${randomBytes(4).toString('hex')}`;
  const [row] = await sql<{ id: string }>(
    `INSERT INTO "Product" (id, title, "priceCents", "createdAt", "updatedAt") VALUES ($1, $2, 1200, $3, now()) RETURNING id`,
    [`exp${randomBytes(8).toString('hex')}`, title, OLDER_THAN_THE_CATALOGUE],
  );
  product = { id: row.id, title };
});

describe('GET /api/admin/{orders,customers,products}.csv', () => {
  it.each(EXPORTS)('$path answers a CSV attachment named by the day, starting with its header', async ({ path, name, header }) => {
    const res = await call('GET', path, { headers: owner });
    expect(res.status, res.text).toBe(200);
    expect(res.headers.get('content-type')).toBe('text/csv; charset=utf-8');
    expect(res.headers.get('content-disposition')).toMatch(new RegExp(`^attachment; filename="${name}-\\d{4}-\\d{2}-\\d{2}\\.csv"$`));
    expect(res.headers.get('cache-control')).toBe('no-store');
    if (name === 'products') expectProductsHeader(lines(res.text)[0], header);
    else expect(lines(res.text)[0]).toBe(header);
  });

  it("keeps to the tab's query", async () => {
    const products = await call('GET', `/api/admin/products.csv?search=${encodeURIComponent(product.title)}&kind=product`, { headers: owner });
    const [head, ...rows] = lines(products.text);
    const tiers = expectProductsHeader(head, EXPORTS[2].header);
    // No tier price of its own: every tier column empty.
    expect(rows).toEqual([[`"${product.id}"`, '"product"', `"${product.title}"`, '""', '"12.00"', '"false"', ...Array(6 + tiers).fill('""')].join(',')]);
    expect(lines((await call('GET', `/api/admin/products.csv?search=${encodeURIComponent(product.title)}&kind=bundle`, { headers: owner })).text)).toHaveLength(
      1,
    );
    const customers = await call('GET', `/api/admin/customers.csv?q=${encodeURIComponent(customer.email)}`, { headers: owner });
    expect(
      lines(customers.text)
        .slice(1)
        .map((l) => l.split(',')[0]),
    ).toEqual([`"${customer.id}"`]);
    const orders = await call('GET', `/api/admin/orders.csv?status=all&customer_email=${encodeURIComponent(customer.email)}`, { headers: owner });
    expect(lines(orders.text)).toHaveLength(1);
    expectError(await call('GET', '/api/admin/orders.csv?start_date=yesterday', { headers: owner }), 400, 'invalid_request');
    expectError(await call('GET', '/api/admin/customers.csv?member=maybe', { headers: owner }), 400, 'invalid_request');
  });

  it('refuses a visitor and a customer (401), and a role without the permission (403)', async () => {
    for (const { path } of EXPORTS) {
      expectError(await call('GET', path), 401, 'unauthorized');
      expectError(await call('GET', path, { headers: customer.auth }), 401, 'unauthorized');
    }
    expectError(await call('GET', '/api/admin/orders.csv', { headers: catalogueStaff.auth }), 403, 'forbidden');
    expectError(await call('GET', '/api/admin/customers.csv', { headers: catalogueStaff.auth }), 403, 'forbidden');
    expectError(await call('GET', '/api/admin/products.csv', { headers: supportStaff.auth }), 403, 'forbidden');
    expect((await call('GET', '/api/admin/orders.csv', { headers: supportStaff.auth })).status).toBe(200);
    expect((await call('GET', '/api/admin/products.csv', { headers: catalogueStaff.auth })).status).toBe(200);
  });
});

describe('POST /api/admin/products/import', () => {
  it('dry-runs, then applies, an edited export', async () => {
    const exported = await call('GET', `/api/admin/products.csv?search=${encodeURIComponent(product.title)}`, { headers: catalogueStaff.auth });
    const edited = exported.text.replace('"12.00"', '"14.00"');
    const dry = await call('POST', '/api/admin/products/import', { headers: catalogueStaff.auth, body: importForm(edited, { mode: 'dry_run' }) });
    expect(dry.status, dry.text).toBe(200);
    expect(expectShape(productImportResponse, dry.body)).toEqual({
      rows: 1,
      changes: [{ row: 2, id: product.id, changes: { price: { from: '12.00', to: '14.00' } } }],
      errors: [],
      applied: 0,
    });
    const [{ priceCents: before }] = await sql<{ priceCents: number }>(`SELECT "priceCents" FROM "Product" WHERE id = $1`, [product.id]);
    expect(before).toBe(1200);

    const applied = await call('POST', '/api/admin/products/import', { headers: catalogueStaff.auth, body: importForm(edited, { mode: 'apply' }) });
    expect(expectShape(productImportResponse, applied.body).applied).toBe(1);
    const after = await call('GET', `/api/admin/products.csv?search=${encodeURIComponent(product.title)}`, { headers: owner });
    expect(lines(after.text)[1]).toContain('"14.00"');
    const audit = await sql(`SELECT actor FROM "AuditLog" WHERE action = 'product.import' AND target = $1`, [product.id]);
    expect(audit).toEqual([{ actor: catalogueStaff.email }]);
  });

  it('answers errors by row and column, applying nothing unless apply_valid_rows is set', async () => {
    const header = 'id,price';
    const csv = `${header}\r\n${product.id},15.00\r\nnosuchproduct,1.00\r\n`;
    const refused = expectShape(
      productImportResponse,
      (await call('POST', '/api/admin/products/import', { headers: owner, body: importForm(csv, { mode: 'apply' }) })).body,
    );
    expect(refused).toMatchObject({ rows: 2, applied: 0, errors: [{ row: 3, column: 'id', message: 'Unknown product id: nosuchproduct' }] });
    const valid = expectShape(
      productImportResponse,
      (await call('POST', '/api/admin/products/import', { headers: owner, body: importForm(csv, { mode: 'apply', apply_valid_rows: 'true' }) })).body,
    );
    expect(valid.applied).toBe(1);
    expect((await sql<{ priceCents: number }>(`SELECT "priceCents" FROM "Product" WHERE id = $1`, [product.id]))[0].priceCents).toBe(1500);
  });

  it('refuses a request without a file, a file not in UTF-8, an unknown mode, a visitor and a role without the catalogue', async () => {
    const noFile = new FormData();
    noFile.append('mode', 'dry_run');
    expectError(await call('POST', '/api/admin/products/import', { headers: owner, body: noFile }), 400, 'invalid_request');
    const latin1 = new FormData();
    latin1.append('file', new Blob([new Uint8Array([0x69, 0x64, 0x0d, 0x0a, 0xe9, 0x0d, 0x0a])]), 'latin1.csv');
    expectError(await call('POST', '/api/admin/products/import', { headers: owner, body: latin1 }), 400, 'invalid_request');
    expectError(await call('POST', '/api/admin/products/import', { headers: owner, body: importForm('id\r\n', { mode: 'later' }) }), 400, 'invalid_request');
    expectError(await call('POST', '/api/admin/products/import', { body: importForm('id\r\n', {}) }), 401, 'unauthorized');
    expectError(await call('POST', '/api/admin/products/import', { headers: supportStaff.auth, body: importForm('id\r\n', {}) }), 403, 'forbidden');
  });
});
