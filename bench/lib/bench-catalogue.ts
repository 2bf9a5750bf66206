// Synthetic catalogue for the benchmarks: N products made by one
// INSERT … SELECT FROM generate_series in Postgres (seconds for 100,000 rows,
// where 100,000 Prisma creates would take minutes). Rows have ids `bench…`,
// borrow the demo catalogue's images and categories, and are older than every
// demo product, so the home page and the first listing page still look real.
// Also a paid guest order used by the download benchmark.
import pg from 'pg';
import { DEMO_TAGS } from '../../prisma/seed';

export const BENCH_ID_PREFIX = 'bench';
export const BENCH_ORDER_SESSION = 'cs_bench_paid_order';

const ADJECTIVES = ['Boho', 'Retro', 'Floral', 'Cute', 'Vintage', 'Watercolor', 'Groovy', 'Rustic', 'Pastel', 'Neon', 'Minimal', 'Whimsical'];
const SUBJECTS = [
  'Sunflower',
  'Cactus',
  'Cat',
  'Coffee',
  'Pumpkin',
  'Rainbow',
  'Mushroom',
  'Butterfly',
  'Lemon',
  'Dinosaur',
  'Unicorn',
  'Strawberry',
  'Moon',
  'Mountain',
  'Cherry',
  'Daisy',
  'Bee',
];
const FORMATS = [
  'Tumbler Wrap',
  'PNG Bundle',
  'Clip Art Set',
  'Sublimation Design',
  'Sticker Sheet',
  'Wall Art Print',
  'T-Shirt Design',
  'Mug Wrap',
  'Seamless Pattern',
];

export type BenchCatalogue = { products: number; productId: string; downloadProductId: string; created: boolean };

const sqlArray = (values: readonly string[]) => `ARRAY[${values.map((v) => `'${v.replace(/'/g, "''")}'`).join(',')}]::text[]`;

export async function seedBenchCatalogue(databaseUrl: string, count: number, log: (m: string) => void): Promise<BenchCatalogue> {
  const client = new pg.Client({ connectionString: databaseUrl });
  await client.connect();
  try {
    const existing = Number((await client.query(`SELECT count(*) FROM "Product" WHERE id LIKE $1`, [`${BENCH_ID_PREFIX}%`])).rows[0].count);
    let created = false;
    if (existing !== count) {
      const started = performance.now();
      await client.query('BEGIN');
      await client.query(`DELETE FROM "Product" WHERE id LIKE $1`, [`${BENCH_ID_PREFIX}%`]);
      if (count > 0) await client.query(insertSql(), [count]);
      await client.query('COMMIT');
      created = true;
      log(`Inserted ${count} synthetic products in ${Math.round(performance.now() - started)} ms`);
    }
    const downloadProductId = await ensurePaidOrder(client);
    // Every checkout the bench opens schedules an order-lapse job for when its session lapses, and the
    // shop's in-process worker would run a few thousand of them in the middle of the next
    // run (or of `npm run lighthouse`). Those orders are the bench's own: drop the jobs.
    const lapses = await client.query(`DELETE FROM pgboss.job WHERE name = 'order-lapse' AND state < 'active'`);
    if (lapses.rowCount) log(`Dropped ${lapses.rowCount} pending order-lapse jobs of earlier checkout scenarios`);
    // Fresh statistics, or the planner guesses with an empty-table estimate.
    await client.query('ANALYZE "Product"');
    await client.query('ANALYZE "Category"');
    const productId = (await client.query(`SELECT id FROM "Product" WHERE "deletedAt" IS NULL AND NOT "isBundle" ORDER BY "createdAt" DESC LIMIT 1`)).rows[0]
      .id as string;
    const products = Number((await client.query(`SELECT count(*) FROM "Product" WHERE "deletedAt" IS NULL`)).rows[0].count);
    return { products, productId, downloadProductId, created };
  } catch (error) {
    await client.query('ROLLBACK').catch(() => {});
    throw error;
  } finally {
    await client.end();
  }
}

function insertSql(): string {
  return `
    WITH cats AS (
      SELECT id, subcategories, row_number() OVER (ORDER BY name) - 1 AS n, count(*) OVER () AS total FROM "Category"
    ), images AS (
      SELECT array_agg("imagePath" ORDER BY id) AS image, array_agg("thumbnailPath" ORDER BY id) AS thumb
      FROM "Product" WHERE id NOT LIKE '${BENCH_ID_PREFIX}%' AND "imagePath" IS NOT NULL
    ), oldest AS (
      SELECT coalesce(min("createdAt"), now()) AS at FROM "Product" WHERE id NOT LIKE '${BENCH_ID_PREFIX}%'
    ), words AS (
      SELECT ${sqlArray(ADJECTIVES)} AS adj, ${sqlArray(SUBJECTS)} AS subj, ${sqlArray(FORMATS)} AS fmt, ${sqlArray(DEMO_TAGS)} AS tags
    )
    INSERT INTO "Product" (id, title, description, "priceCents", "onSale", "salePriceCents", "saleStart", "saleEnd",
                           "imagePath", "thumbnailPath", "categoryId", subcategory, tags, "createdAt", "updatedAt")
    SELECT '${BENCH_ID_PREFIX}' || lpad(g::text, 7, '0'),
           w.adj[1 + g % 12] || ' ' || w.subj[1 + (g * 7) % 17] || ' ' || w.fmt[1 + (g * 5) % 9] || ' ' || g,
           'A ' || lower(w.adj[1 + g % 12]) || ' ' || lower(w.subj[1 + (g * 7) % 17]) || ' design: print-ready 300 DPI PNG files, instant download.',
           300 + (g % 20) * 100,
           g % 10 = 0,
           CASE WHEN g % 10 = 0 THEN (300 + (g % 20) * 100) * 8 / 10 END,
           CASE WHEN g % 10 = 0 THEN now() - interval '1 day' END,
           CASE WHEN g % 10 = 0 THEN now() + interval '30 days' END,
           i.image[1 + g % greatest(cardinality(i.image), 1)],
           i.thumb[1 + g % greatest(cardinality(i.thumb), 1)],
           c.id,
           CASE WHEN cardinality(c.subcategories) > 0 THEN c.subcategories[1 + (g / 4) % cardinality(c.subcategories)] END,
           ARRAY[w.tags[1 + g % 16], w.tags[1 + (g * 3 + 5) % 16]],
           o.at - g * interval '1 minute',
           o.at - g * interval '1 minute'
    FROM generate_series(1, $1::int) AS g
    CROSS JOIN words w CROSS JOIN images i CROSS JOIN oldest o
    LEFT JOIN cats c ON c.n = g % c.total`;
}

/** A paid, fulfilled guest order for the first demo product that has files (a guest order needs no sign-in to download). */
async function ensurePaidOrder(client: pg.Client): Promise<string> {
  const product = (
    await client.query(`
      SELECT p.id, p.title, p."priceCents" FROM "Product" p
      WHERE p."deletedAt" IS NULL AND NOT p."isBundle" AND EXISTS (SELECT 1 FROM "ProductFile" f WHERE f."productId" = p.id)
      ORDER BY p.id LIMIT 1`)
  ).rows[0] as { id: string; title: string; priceCents: number } | undefined;
  if (!product) throw new Error('The demo catalogue has no product with files: seed it first');
  await client.query(
    `INSERT INTO "Order" (id, "sessionId", kind, "subtotalCents", "amountCents", "paymentStatus", status, "fulfilledAt", "customerEmail", "updatedAt")
     VALUES ($1, $2, 'payment', $3, $3, 'paid', 'complete', now(), 'bench@example.com', now())
     ON CONFLICT ("sessionId") DO NOTHING`,
    [`${BENCH_ID_PREFIX}order`, BENCH_ORDER_SESSION, product.priceCents],
  );
  await client.query(
    `INSERT INTO "OrderItem" (id, "orderId", "productId", title, "priceCents")
     SELECT $1, o.id, $2, $3, $4 FROM "Order" o WHERE o."sessionId" = $5
     ON CONFLICT ("orderId", "productId") DO NOTHING`,
    [`${BENCH_ID_PREFIX}orderitem`, product.id, product.title, product.priceCents, BENCH_ORDER_SESSION],
  );
  const item = await client.query(`SELECT "productId" FROM "OrderItem" i JOIN "Order" o ON o.id = i."orderId" WHERE o."sessionId" = $1`, [BENCH_ORDER_SESSION]);
  return item.rows[0].productId as string;
}
