// `npm run bench:seed [-- --products 100000]`: the bench database (its own
// embedded cluster under .data/bench, or BENCH_DATABASE_URL), migrated, with
// the demo catalogue and N synthetic products. Idempotent: a second run with
// the same N changes nothing; another N replaces the synthetic rows.
import { parseArgs } from 'node:util';
import { prepareBenchDatabase } from './lib/bench-database';
import { startBenchServices } from './lib/bench-services';

const { values } = parseArgs({ options: { products: { type: 'string', default: '100000' } } });
const count = Number(values.products);
if (!Number.isInteger(count) || count < 0) throw new Error('--products must be a whole number');

const log = (m: string) => console.log(`[bench:seed] ${m}`);
const services = await startBenchServices(log);
try {
  const catalogue = await prepareBenchDatabase(services.env, count, log);
  log(`Bench catalogue: ${catalogue.products} products (synthetic ${count}); paid order for ${catalogue.downloadProductId}`);
} finally {
  await services.stop();
  process.exit(process.exitCode ?? 0);
}
