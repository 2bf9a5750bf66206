// `npm run bench:import [-- --rows 10000 --products 20000 --orders 500000]`
// (issue #27 §3, Decision 092): on the bench database (bench-seed.ts; without
// --orders it keeps the orders it holds), the products import of N rows timed
// as a dry run and as an apply, in this process as the route runs it (the
// edits: every row's price and tags); then, when the database holds orders,
// the orders export of every order line streamed to nowhere, timed, with this
// process's heap sampled as the lines go by, so a heap that grows with the rows
// shows. Results: stdout and bench/results/import.md (newest first), with the
// load average around the run.
import { loadavg } from 'node:os';
import { resolve } from 'node:path';
import { parseArgs } from 'node:util';
import { prepareBenchDatabase } from './lib/bench-database';
import { prependResults } from './lib/bench-report';
import { startBenchServices } from './lib/bench-services';
import { BENCH_ID_PREFIX } from './lib/bench-catalogue';

const { values } = parseArgs({
  options: { rows: { type: 'string', default: '10000' }, products: { type: 'string', default: '20000' }, orders: { type: 'string' } },
});
const rows = Number(values.rows);
const products = Number(values.products);
const orders = values.orders === undefined ? undefined : Number(values.orders);
if (!(rows > 0 && rows <= products)) throw new Error('--rows must be between 1 and --products');
const RESULTS = resolve('bench', 'results', 'import.md');
/** The goal of issue #27 §3: 10,000 rows applied within a minute on this machine. */
const APPLY_GOAL_MS = 60_000;
const SAMPLE_EVERY = 100_000;

const log = (m: string) => console.log(`[bench:import] ${m}`);
const load = () =>
  loadavg()
    .map((l) => l.toFixed(2))
    .join(', ');
const mb = (bytes: number) => Math.round(bytes / (1024 * 1024));

/** A products CSV of `count` synthetic products as the export writes them, with each price up a dollar and a tag added or taken off. */
async function editedFile(count: number): Promise<string> {
  const { db } = await import('../lib/infra/db');
  const { csvLine } = await import('../lib/domain/csv');
  const { PRODUCT_COLUMNS, PRODUCT_STATE_SELECT, productCells, tierColumn, tierKeys, toProductState } = await import('../lib/domain/exports');
  const keys = await tierKeys();
  const header = [...PRODUCT_COLUMNS, ...keys.map(tierColumn)];
  const found = await db().product.findMany({
    where: { id: { startsWith: BENCH_ID_PREFIX }, deletedAt: null },
    orderBy: { id: 'asc' },
    take: count,
    select: PRODUCT_STATE_SELECT,
  });
  let text = `${header.join(',')}\r\n`;
  for (const row of found) {
    const state = toProductState(row);
    const tags = state.tags.includes('bench-import') ? state.tags.filter((t) => t !== 'bench-import') : [...state.tags, 'bench-import'];
    const cells = productCells({ ...state, priceCents: state.priceCents + 100, salePriceCents: null, onSale: false, tags }, keys);
    text += csvLine(header.map((column) => cells[column]));
  }
  return text;
}

async function timeImport(text: string) {
  const { importProducts } = await import('../lib/domain/product-import');
  let started = performance.now();
  const dry = await importProducts('bench', text, { apply: false, applyValidRows: false });
  const dryMs = performance.now() - started;
  if (dry.errors.length > 0) throw new Error(`The dry run found errors: ${JSON.stringify(dry.errors.slice(0, 3))}`);
  started = performance.now();
  const applied = await importProducts('bench', text, { apply: true, applyValidRows: false });
  const applyMs = performance.now() - started;
  return { rows: dry.rows, changed: dry.changes.length, applied: applied.applied, dryMs, applyMs };
}

/** Every order line streamed and dropped; the heap sampled every SAMPLE_EVERY lines. */
async function timeOrdersExport() {
  const { ordersCsv } = await import('../lib/domain/exports');
  global.gc?.();
  const baseline = process.memoryUsage().heapUsed;
  const started = performance.now();
  const reader = (await ordersCsv({ status: 'all' })).getReader();
  const decoder = new TextDecoder();
  let lines = -1;
  let bytes = 0;
  let nextSample = SAMPLE_EVERY;
  const heap: number[] = [];
  for (;;) {
    const { done, value } = await reader.read();
    if (done) break;
    bytes += value.byteLength;
    lines += decoder.decode(value).split('\r\n').length - 1;
    if (lines >= nextSample) {
      heap.push(process.memoryUsage().heapUsed);
      nextSample += SAMPLE_EVERY;
    }
  }
  return { lines, bytes, ms: performance.now() - started, baseline, heap };
}

const HEADER = `# Products import and orders export benchmark (\`npm run bench:import\`)

Newest run first. In one process, as the routes run them, on the bench database
(\`npm run bench:seed\`): the products import of N rows (every row's price and tags edited) as
a dry run and as an apply, one transaction per 500 rows; then the orders export of every order
line read to the end, with the process's heap sampled every ${SAMPLE_EVERY.toLocaleString('en-AU')}
lines. Written by bench/bench-import.ts.

`;

const startedAt = new Date();
const loadBefore = load();
const services = await startBenchServices(log);
try {
  const catalogue = await prepareBenchDatabase(services.env, products, log, orders);
  const { db } = await import('../lib/infra/db');
  const file = await editedFile(rows);
  log(`Importing ${rows} rows (${mb(file.length)} MB)…`);
  const imported = await timeImport(file);
  log(`Dry run ${Math.round(imported.dryMs)} ms, apply ${Math.round(imported.applyMs)} ms for ${imported.applied} rows`);
  const orderCount = await db().order.count();
  const exported = orderCount > 0 ? await timeOrdersExport() : null;
  if (exported) log(`Orders export: ${exported.lines} lines, ${mb(exported.bytes)} MB in ${Math.round(exported.ms)} ms`);
  const lines = [
    `## ${startedAt.toISOString().slice(0, 16).replace('T', ' ')} UTC — ${catalogue.products.toLocaleString('en-AU')} products, ${orderCount.toLocaleString('en-AU')} orders`,
    '',
    `Load average (1, 5, 15 min) before: ${loadBefore}; after: ${load()}.`,
    '',
    '| step | rows | time | rows per second |',
    '|---|---:|---:|---:|',
    `| import, dry run | ${imported.rows.toLocaleString('en-AU')} (${imported.changed.toLocaleString('en-AU')} changed) | ${(imported.dryMs / 1000).toFixed(1)} s | ${Math.round(imported.rows / (imported.dryMs / 1000)).toLocaleString('en-AU')} |`,
    `| import, apply | ${imported.applied.toLocaleString('en-AU')} | ${(imported.applyMs / 1000).toFixed(1)} s | ${Math.round(imported.applied / (imported.applyMs / 1000)).toLocaleString('en-AU')} |`,
    ...(exported
      ? [
          `| orders export (every line, streamed) | ${exported.lines.toLocaleString('en-AU')} (${mb(exported.bytes)} MB) | ${(exported.ms / 1000).toFixed(1)} s | ${Math.round(exported.lines / (exported.ms / 1000)).toLocaleString('en-AU')} |`,
        ]
      : []),
    '',
    imported.applyMs <= APPLY_GOAL_MS
      ? `The apply is within the goal (${rows.toLocaleString('en-AU')} rows in under ${APPLY_GOAL_MS / 1000} s).`
      : `The apply is OVER the goal (${rows.toLocaleString('en-AU')} rows in under ${APPLY_GOAL_MS / 1000} s).`,
    exported
      ? `Heap during the export (MB, every ${SAMPLE_EVERY.toLocaleString('en-AU')} lines; ${mb(exported.baseline)} before it): ${exported.heap.map(mb).join(', ') || 'under one sample'}.`
      : 'The bench database holds no orders: the orders export was not timed (seed them with --orders).',
    '',
  ];
  prependResults(RESULTS, lines.join('\n'), HEADER);
  log(`Written to ${RESULTS}`);
  await db().$disconnect();
} finally {
  await services.stop();
  process.exit(process.exitCode ?? 0);
}
