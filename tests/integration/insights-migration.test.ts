// The migration that creates the Insights figures (Decision 083), on a
// database that already has trading: its backfill counts every paid order and
// settled refund on its Sydney day, splits a discount over the items, takes
// GST registration as at each payment, leaves out unpaid orders and won
// disputes, and records the cancellations the membership rows show.
import { randomBytes } from 'node:crypto';
import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';

const MIGRATIONS_DIR = join(fileURLToPath(new URL('../../', import.meta.url)), 'prisma', 'migrations');
const folders = readdirSync(MIGRATIONS_DIR, { withFileTypes: true })
  .filter((entry) => entry.isDirectory())
  .map((entry) => entry.name)
  .sort();
const insights = folders.findIndex((name) => name.endsWith('_insights'));
const sql = (folder: string) => readFileSync(join(MIGRATIONS_DIR, folder, 'migration.sql'), 'utf8');

const name = `insights_${randomBytes(4).toString('hex')}`;
let admin: pg.Client;
let client: pg.Client;

const TRADING = `
  INSERT INTO "Setting" (key, value, "updatedAt") VALUES ('business_details', '{"name":"","abn":"","address":"","email":"","gstRegistered":false}', now());
  -- Registered from 10 am on 1 May in Sydney (00:00 UTC).
  INSERT INTO "AuditLog" (id, actor, action, details, "createdAt") VALUES
    ('a1', 'admin', 'settings.business', '{"name":"Shop","abn":"51 824 753 556","address":"","email":"","gstRegistered":true}', '2026-05-01 00:00:00');
  INSERT INTO "Product" (id, title, "priceCents", "isBundle", "updatedAt") VALUES
    ('p1', 'One', 1000, false, now()), ('p2', 'Two', 2000, false, now()), ('b1', 'Bundle', 5000, true, now());
  INSERT INTO "Voucher" (id, code, "customerEmail", type, "valueBasisPoints", "usageType") VALUES ('v1', 'TEN', 'x@example.com', 'percentage', 1000, 'reusable');
  INSERT INTO "User" (id, email, name, "passwordHash", "updatedAt") VALUES ('u1', 'member@example.com', 'Member', 'x', now());
  INSERT INTO "Membership" (id, "userId", "planInterval", status, "currentPeriodEnd", "cancelAtPeriodEnd", "updatedAt")
    VALUES ('m1', 'u1', 'month', 'active', '2026-07-31 14:30:00', true, '2026-07-05 03:00:00');
  INSERT INTO "Order" (id, "sessionId", kind, "userId", "customerEmail", "subtotalCents", "discountCents", "amountCents", "paymentStatus", status, "voucherId", "planInterval", "fulfilledAt", "updatedAt") VALUES
    -- 00:30 on 1 May in Sydney, before registering; 10 % off two items.
    ('oa', 'cs_a', 'payment', NULL, 'X@Example.com', 3000, 300, 2700, 'paid', 'complete', 'v1', NULL, '2026-04-30 14:30:00', now()),
    ('ob', 'cs_b', 'payment', NULL, 'x@example.com', 5000, 0, 5000, 'paid', 'complete', NULL, NULL, '2026-05-02 01:00:00', now()),
    ('oc', 'cs_c', 'member', 'u1', 'member@example.com', 1000, 1000, 0, 'no_payment_required', 'complete', NULL, NULL, '2026-05-02 02:00:00', now()),
    -- 00:30 on 1 July in Sydney: the new financial year.
    ('od', 'cs_d', 'subscription', 'u1', 'member@example.com', 3500, 0, 3500, 'paid', 'complete', NULL, 'month', '2026-06-30 14:30:00', now()),
    ('oe', 'cs_e', 'payment', NULL, 'y@example.com', 1000, 0, 1000, 'unpaid', 'open', NULL, NULL, NULL, now());
  -- An item says itself whether it was a bundle when sold, as checkout writes it.
  INSERT INTO "OrderItem" (id, "orderId", "productId", title, "priceCents", "isBundle") VALUES
    ('ia1', 'oa', 'p1', 'One', 1000, false), ('ia2', 'oa', 'p2', 'Two', 2000, false), ('ib1', 'ob', 'b1', 'Bundle', 5000, true),
    ('ic1', 'oc', 'p1', 'One', 1000, false), ('ie1', 'oe', 'p1', 'One', 1000, false);
  INSERT INTO "Refund" (id, "orderId", source, "amountCents", "stripeDisputeId", "disputeOutcome", "resolvedAt", "createdAt") VALUES
    ('r1', 'ob', 'admin', 5000, NULL, NULL, NULL, '2026-07-02 00:00:00'),
    ('r2', 'oa', 'dispute', 2700, 'dp_1', 'won', '2026-07-03 00:00:00', '2026-06-01 00:00:00');
  UPDATE "OrderItem" SET "refundId" = 'r1', "refundedAt" = '2026-07-02 00:00:00' WHERE id = 'ib1';
  UPDATE "OrderItem" SET "refundId" = 'r2' WHERE "orderId" = 'oa';`;

beforeAll(async () => {
  admin = new pg.Client({ connectionString: process.env.DATABASE_URL });
  await admin.connect();
  await admin.query(`CREATE DATABASE ${name}`);
  const url = new URL(process.env.DATABASE_URL as string);
  url.pathname = `/${name}`;
  client = new pg.Client({ connectionString: url.toString() });
  await client.connect();
  for (const folder of folders.slice(0, insights)) {
    await client.query('BEGIN');
    await client.query(sql(folder));
    await client.query('COMMIT');
  }
  await client.query(TRADING);
  await client.query('BEGIN');
  await client.query(sql(folders[insights]));
  await client.query('COMMIT');
});

afterAll(async () => {
  await client?.end();
  await admin?.query(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`);
  await admin?.end();
});

const rows = async (query: string) => (await client.query(query)).rows;

describe('the Insights migration', () => {
  it('backfills each Sydney day: sales, $0 checkouts, memberships, GST as registered at each payment, refunds on their day', async () => {
    expect(insights).toBeGreaterThan(0);
    expect(
      await rows(`SELECT day::text, "productOrders", "chargedOrders", "productSalesCents", "membershipPayments", "membershipSalesCents", refunds,
                         "productRefundCents", "taxableSalesCents", "gstCents", "taxableRefundCents", "gstRefundCents" FROM "SalesDay" ORDER BY day`),
    ).toEqual([
      {
        day: '2026-05-01',
        productOrders: 1,
        chargedOrders: 1,
        productSalesCents: 2700,
        membershipPayments: 0,
        membershipSalesCents: 0,
        refunds: 0,
        productRefundCents: 0,
        taxableSalesCents: 0,
        gstCents: 0,
        taxableRefundCents: 0,
        gstRefundCents: 0,
      },
      {
        day: '2026-05-02',
        productOrders: 2,
        chargedOrders: 1,
        productSalesCents: 5000,
        membershipPayments: 0,
        membershipSalesCents: 0,
        refunds: 0,
        productRefundCents: 0,
        taxableSalesCents: 5000,
        gstCents: 455,
        taxableRefundCents: 0,
        gstRefundCents: 0,
      },
      {
        day: '2026-07-01',
        productOrders: 0,
        chargedOrders: 0,
        productSalesCents: 0,
        membershipPayments: 1,
        membershipSalesCents: 3500,
        refunds: 0,
        productRefundCents: 0,
        taxableSalesCents: 3500,
        gstCents: 318,
        taxableRefundCents: 0,
        gstRefundCents: 0,
      },
      {
        day: '2026-07-02',
        productOrders: 0,
        chargedOrders: 0,
        productSalesCents: 0,
        membershipPayments: 0,
        membershipSalesCents: 0,
        refunds: 1,
        productRefundCents: 5000,
        taxableSalesCents: 0,
        gstCents: 0,
        taxableRefundCents: 5000,
        gstRefundCents: 455,
      },
    ]);
  });

  it('splits the discount over the items by price, and takes refunded items back on the refund day and month', async () => {
    expect(await rows(`SELECT day::text, "productId", "isBundle", units, "netCents" FROM "SalesDayItem" ORDER BY day, "productId"`)).toEqual([
      { day: '2026-05-01', productId: 'p1', isBundle: false, units: 1, netCents: 900 },
      { day: '2026-05-01', productId: 'p2', isBundle: false, units: 1, netCents: 1800 },
      { day: '2026-05-02', productId: 'b1', isBundle: true, units: 1, netCents: 5000 },
      { day: '2026-05-02', productId: 'p1', isBundle: false, units: 1, netCents: 0 },
      { day: '2026-07-02', productId: 'b1', isBundle: true, units: -1, netCents: -5000 },
    ]);
    expect(await rows(`SELECT month::text, "productId", units, "netCents" FROM "SalesMonthItem" ORDER BY month, "productId"`)).toEqual([
      { month: '2026-05-01', productId: 'b1', units: 1, netCents: 5000 },
      { month: '2026-05-01', productId: 'p1', units: 2, netCents: 900 },
      { month: '2026-05-01', productId: 'p2', units: 1, netCents: 1800 },
      { month: '2026-07-01', productId: 'b1', units: -1, netCents: -5000 },
    ]);
    expect(await rows(`SELECT day::text, "voucherId", uses, "discountCents" FROM "SalesDayCode"`)).toEqual([
      { day: '2026-05-01', voucherId: 'v1', uses: 1, discountCents: 300 },
    ]);
  });

  it('counts each customer (by lower-cased email) new on their first paying day and returning after', async () => {
    expect(await rows(`SELECT day::text, "previousDay"::text, customers FROM "SalesDayCustomers" ORDER BY day, "previousDay"`)).toEqual([
      { day: '2026-05-01', previousDay: '0001-01-01', customers: 1 },
      { day: '2026-05-02', previousDay: '0001-01-01', customers: 1 },
      { day: '2026-05-02', previousDay: '2026-05-01', customers: 1 },
      { day: '2026-07-01', previousDay: '2026-05-02', customers: 1 },
    ]);
  });

  it('marks what it counted, and records the cancellation the membership shows', async () => {
    expect((await rows(`SELECT id FROM "SalesFigureEntry" ORDER BY id`)).map((r) => r.id)).toEqual(['refund:r1', 'sale:oa', 'sale:ob', 'sale:oc', 'sale:od']);
    expect(await rows(`SELECT "userId", "periodEnd"::text, "cancelledAt"::text FROM "MembershipCancellation"`)).toEqual([
      { userId: 'u1', periodEnd: '2026-07-31 14:30:00', cancelledAt: '2026-07-05 03:00:00' },
    ]);
  });
});
