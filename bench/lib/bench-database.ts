// Brings the bench database to a known state: migrations applied, the demo
// catalogue (real images and files) seeded once, N synthetic products and, when
// asked, M synthetic orders with their Insights figures.
import { BENCH_ID_PREFIX, seedBenchCatalogue, type BenchCatalogue } from './bench-catalogue';
import { BENCH_ORDER_PREFIX, seedBenchOrders } from './bench-orders';
import { deployMigrations } from '../../scripts/lib/migrations';

/**
 * `orders`: synthetic orders to hold (bench-orders.ts), their Insights figures
 * rebuilt when they change; undefined leaves whatever orders are there.
 */
export async function prepareBenchDatabase(
  env: Record<string, string>,
  count: number,
  log: (m: string) => void,
  orders?: number,
  /** Rebuild the Insights figures even when no orders changed (after a rebuild that did not finish). */
  rebuild = false,
): Promise<BenchCatalogue & { orders: number }> {
  Object.assign(process.env, env);
  const url = env.DATABASE_URL ?? (process.env.DATABASE_URL as string);
  const applied = await deployMigrations(url, log);
  if (applied.length) log(`Applied migrations: ${applied.join(', ')}`);
  // Imported late: the seed reads the environment once, and it must see the bench database.
  const { seedDemoCatalogue } = await import('../../prisma/seed');
  const started = performance.now();
  if ((await seedDemoCatalogue(url)).seeded) log(`Seeded the demo catalogue in ${Math.round(performance.now() - started)} ms`);
  const { db } = await import('../../lib/infra/db');
  // Orders hold their products: a new catalogue size starts with none, and their figures are rebuilt.
  const products = await db().product.count({ where: { id: { startsWith: BENCH_ID_PREFIX } } });
  const dropped = products !== count && (await seedBenchOrders(url, 0, log)).created;
  const catalogue = await seedBenchCatalogue(url, count, log);
  const seeded = orders !== undefined && (await seedBenchOrders(url, orders, log)).created;
  if (dropped || seeded || rebuild) {
    const { rebuildSalesFigures } = await import('../../lib/domain/insights');
    // Statistics of the rows just written first: planned on an unanalysed million orders,
    // the refund statements join them by nested loops and run for hours.
    await db().$executeRawUnsafe('ANALYZE');
    const rebuilt = performance.now();
    await rebuildSalesFigures();
    log(`Rebuilt the Insights figures from every order in ${Math.round(performance.now() - rebuilt)} ms`);
    await db().$executeRawUnsafe('ANALYZE');
  }
  const held = await db().order.count({ where: { id: { startsWith: BENCH_ORDER_PREFIX } } });
  await db().$disconnect();
  return { ...catalogue, orders: held };
}
