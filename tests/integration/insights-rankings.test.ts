// The product rankings' proof (lib/domain/insights/top.ts) on figures shaped
// like a real catalogue's: a few products sell often, hundreds rarely. With a
// few leaders per period the bound proves the top ten at once, and the list is
// exactly the one adding up every product gives; with too few it declines
// rather than guess, and the request falls back to adding up everything.
import { beforeAll, describe, expect, it } from 'vitest';
import { wholeMonths } from '@/lib/calendar';

const range = { from: '2026-03-20', to: '2026-06-12' };
const w = { ...range, ...wholeMonths(range) };

let top: typeof import('@/lib/domain/insights/top');
let db: typeof import('@/lib/infra/db').db;

beforeAll(async () => {
  top = await import('@/lib/domain/insights/top');
  db = (await import('@/lib/infra/db')).db;
  // 400 products; product n sells about 2000 / n units a month at $5–$24, so rank follows n with noise.
  await db().$executeRawUnsafe(`
    INSERT INTO "SalesMonthItem" (month, "productId", "isBundle", units, "netCents")
    SELECT m::date, 'p' || lpad(n::text, 4, '0'), false, u, u * (500 + (n * 37 % 20) * 100) - (n % 7) * 100
    FROM generate_series('2026-01-01'::date, '2026-07-01'::date, interval '1 month') m, generate_series(1, 400) n,
         LATERAL (SELECT greatest(1, (2000 / n) + (n * extract(month FROM m)::int) % 5) AS u) units`);
  await db().$executeRawUnsafe(`
    INSERT INTO "SalesDayItem" (day, "productId", "isBundle", units, "netCents")
    SELECT d::date, 'p' || lpad(n::text, 4, '0'), false, u, u * (500 + (n * 37 % 20) * 100)
    FROM generate_series('2026-03-01'::date, '2026-06-30'::date, interval '1 day') d, generate_series(1, 400, 3) n,
         LATERAL (SELECT greatest(1, 70 / n) AS u) units
    WHERE (n + extract(day FROM d)::int) % 4 = 0`);
});

describe('the product rankings', () => {
  it('are proven from a handful of leaders per period, and equal adding up every product', async () => {
    const [{ products }] = await db().$queryRawUnsafe<{ products: number }[]>(`SELECT count(DISTINCT "productId")::int AS products FROM "SalesMonthItem"`);
    expect(products).toBe(400);
    const proven = await top.provenTop(db(), w, 20);
    expect(proven).not.toBeNull();
    const full = (await top.topItems(db(), range, [])).products;
    expect(proven!.netCents.map((t) => t.productId)).toEqual(full.byRevenue.map((t) => t.productId));
    expect(proven!.units.map((t) => t.productId)).toEqual(full.byUnits.map((t) => t.productId));
    expect(proven!.netCents).toHaveLength(10);
    expect((await top.topItems(db(), range)).products).toEqual(full);
  });

  it('declines to guess from too few leaders, and the request then adds up every product', async () => {
    expect(await top.provenTop(db(), w, 1)).toBeNull();
    expect((await top.topItems(db(), range, [1])).products).toEqual((await top.topItems(db(), range, [])).products);
  });
});
