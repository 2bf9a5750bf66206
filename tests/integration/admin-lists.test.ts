// The back office's paged lists and searches (issue #15 §2) stay index-served
// at any size: with sequential scans (and, for pages, sorts) priced out, the
// planner must find an index for each query shape the admin list functions
// send. A test database is nearly empty, so the planner's free choice would
// say nothing about 100,000 rows; what is checked is that a fitting index exists.
import { describe, expect, it } from 'vitest';
import { db } from '@/lib/infra/db';

async function plan(sql: string, options: { inOrder?: boolean } = {}): Promise<string> {
  const rows = await db().$transaction(async (tx) => {
    await tx.$executeRawUnsafe('SET LOCAL enable_seqscan = off');
    if (options.inOrder) await tx.$executeRawUnsafe('SET LOCAL enable_sort = off');
    return tx.$queryRawUnsafe<{ 'QUERY PLAN': string }[]>(`EXPLAIN ${sql}`);
  });
  return rows.map((r) => r['QUERY PLAN']).join('\n');
}

describe('admin list indexes', () => {
  it('finds orders by part of an email or a session id through the trigram indexes', async () => {
    const text = await plan(`SELECT id FROM "Order" WHERE "customerEmail" LIKE '%smith%' OR "sessionId" LIKE '%a1b2c3%'`);
    expect(text).toContain('Order_customerEmail_trgm_idx');
    expect(text).toContain('Order_sessionId_trgm_idx');
  });

  it('reads a page of orders newest first in index order', async () => {
    const text = await plan(`SELECT id FROM "Order" WHERE "fulfilledAt" IS NOT NULL ORDER BY "createdAt" DESC, id ASC LIMIT 100 OFFSET 5000`, {
      inOrder: true,
    });
    expect(text).toContain('Order_createdAt_id_idx');
    expect(text).not.toContain('Sort');
  });

  it('finds vouchers by part of a code or an email, and pages them newest first', async () => {
    const search = await plan(`SELECT id FROM "Voucher" WHERE code ILIKE '%ABCD%' OR "customerEmail" ILIKE '%smith%'`);
    expect(search).toContain('Voucher_code_trgm_idx');
    expect(search).toContain('Voucher_customerEmail_trgm_idx');
    const page = await plan(`SELECT id FROM "Voucher" ORDER BY "createdAt" DESC, id ASC LIMIT 100 OFFSET 500`, { inOrder: true });
    expect(page).toContain('Voucher_createdAt_id_idx');
    expect(page).not.toContain('Sort');
  });

  it('pages All Products newest first in index order (title search: catalog.test.ts)', async () => {
    const page = await plan(`SELECT id FROM "Product" WHERE "deletedAt" IS NULL ORDER BY "createdAt" DESC, id ASC LIMIT 100 OFFSET 50000`, { inOrder: true });
    expect(page).toContain('Product_createdAt_id_idx');
    expect(page).not.toContain('Sort');
  });

  it('reads a page of active sales soonest end first in index order', async () => {
    const page = await plan(
      `SELECT id FROM "Product" WHERE "deletedAt" IS NULL AND "onSale" = true AND "salePriceCents" IS NOT NULL
       AND ("saleEnd" IS NULL OR "saleEnd" > now()) ORDER BY "saleEnd" ASC, "createdAt" DESC, id ASC LIMIT 50 OFFSET 0`,
      { inOrder: true },
    );
    expect(page).toContain('Product_onSale_saleEnd_createdAt_id_idx');
    expect(page).not.toContain('Sort');
  });
});
