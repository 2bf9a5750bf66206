// `npm run bench:seed [-- --products 100000 --orders 100000 --rebuild]`: the bench
// database (its own embedded cluster under .data/bench, or BENCH_DATABASE_URL),
// migrated, with the demo catalogue, N synthetic products and M synthetic
// orders over the last year with their Insights figures (bench-orders.ts; the
// recorded Insights run uses --orders 1000000). Idempotent: a second run with
// the same N and M changes nothing; others replace the synthetic rows.
// --rebuild recomputes the Insights figures from the orders held (after a
// rebuild that was interrupted).
import { parseArgs } from 'node:util';
import { prepareBenchDatabase } from './lib/bench-database';
import { startBenchServices } from './lib/bench-services';

const { values } = parseArgs({
  options: {
    products: { type: 'string', default: '100000' },
    orders: { type: 'string', default: '100000' },
    rebuild: { type: 'boolean', default: false },
  },
});
const count = Number(values.products);
const orders = Number(values.orders);
if (!Number.isInteger(count) || count < 0) throw new Error('--products must be a whole number');
if (!Number.isInteger(orders) || orders < 0) throw new Error('--orders must be a whole number');

const log = (m: string) => console.log(`[bench:seed] ${m}`);
const services = await startBenchServices(log);
try {
  const catalogue = await prepareBenchDatabase(services.env, count, log, orders, values.rebuild);
  log(
    `Bench catalogue: ${catalogue.products} products (synthetic ${count}), ${catalogue.orders} synthetic orders; paid order for ${catalogue.downloadProductId}`,
  );
} finally {
  await services.stop();
  process.exit(process.exitCode ?? 0);
}
