// `npm run bench:admin [-- --products 100000 --orders 1000000 --requests 20 --no-build]`
// (issue #15 §2, issue #27 §1): the back office at N products and M orders. On
// the bench database (see bench-seed.ts; without --orders it keeps the orders
// it holds) it builds the shop into .next-bench, serves it as `npm start`
// does, pinned to CPU 0, signs in as the admin and times, one request at a
// time, each API call the dashboard makes when its tabs open (and the All
// Products searches, filters and a deep page, and Insights over a year, a
// financial year, a quarter and 30 days by day, week and month). Results:
// stdout and bench/results/admin.md (newest first), with the load average
// around the run.
import { loadavg } from 'node:os';
import { resolve } from 'node:path';
import { parseArgs } from 'node:util';
import { prepareBenchDatabase } from './lib/bench-database';
import { prependResults } from './lib/bench-report';
import { startPinnedServer, type RunningServer } from './lib/bench-server';
import { startBenchServices } from './lib/bench-services';
import { buildShop } from '../scripts/lib/build';
import { addDays, financialYearOf, quarterOf, shopDay } from '../lib/calendar';

const { values } = parseArgs({
  options: {
    products: { type: 'string', default: '100000' },
    requests: { type: 'string', default: '20' },
    orders: { type: 'string' },
    'no-build': { type: 'boolean', default: false },
  },
});
const orders = values.orders === undefined ? undefined : Number(values.orders);
const products = Number(values.products);
const requests = Number(values.requests);
const WARMUP = 3;
const DIST_DIR = '.next-bench';
const RESULTS = resolve('bench', 'results', 'admin.md');
/** Over this, a call needs a look at its query plan (issue #15). */
const BUDGET_MS = 100;
/** Insights over a year's orders answers within this at p95 (issue #27). */
const INSIGHTS_BUDGET_MS = 300;

/** What the dashboard asks for, per tab, when it opens (components/admin/*). */
const CALLS: { name: string; path: string; budget?: number }[] = [
  { name: 'dashboard page (HTML)', path: '/admin/dashboard' },
  { name: 'session', path: '/api/admin/session' },
  { name: 'categories', path: '/api/categories' },
  { name: 'tags (the vocabulary)', path: '/api/tags' },
  { name: 'All Products, first page', path: '/api/admin/products?limit=50&offset=0' },
  { name: 'All Products, page 1,000', path: '/api/admin/products?limit=50&offset=49950' },
  { name: 'All Products, search "floral"', path: '/api/admin/products?search=floral&limit=50&offset=0' },
  { name: 'All Products, search with no match', path: '/api/admin/products?search=zzqx&limit=50&offset=0' },
  { name: 'All Products, category + on sale', path: '/api/admin/products?category=Clip%20Art&on_sale=true&limit=50&offset=0' },
  { name: 'bundle picker (products by title)', path: '/api/admin/products?kind=product&limit=20&search=sun' },
  { name: 'Sales Manager: active sales', path: '/api/admin/active-sales?limit=50&offset=0' },
  { name: 'Orders (paid, first page)', path: '/api/admin/orders?status=paid&limit=50&offset=0' },
  { name: 'Vouchers (first page)', path: '/api/admin/vouchers?limit=50&offset=0' },
  { name: 'Settings: banner', path: '/api/settings/banner' },
  { name: 'Settings: business details', path: '/api/admin/settings/business' },
  { name: 'Settings: promo codes', path: '/api/admin/promo-codes' },
  { name: 'Customers, first page', path: '/api/admin/customers?limit=50&offset=0' },
  { name: 'Customers, search "member12"', path: '/api/admin/customers?q=member12&limit=50&offset=0' },
  { name: 'Customers, members', path: '/api/admin/customers?member=true&limit=50&offset=0' },
  { name: 'Discount codes', path: '/api/admin/discounts?limit=100&offset=0' },
  ...insightsCalls(shopDay()),
];

/** The Insights tab's ranges on `today`: the last 365 days, this financial year, this quarter, 30 days. */
function insightsCalls(today: string): { name: string; path: string; budget: number }[] {
  const ranges: [string, string, string, string[]][] = [
    ['year (365 days)', addDays(today, -364), today, ['day', 'week', 'month']],
    ['financial year', financialYearOf(today).from, today, ['month']],
    ['quarter', quarterOf(today).from, today, ['day', 'week']],
    ['30 days', addDays(today, -29), today, ['day']],
  ];
  return ranges.flatMap(([label, from, to, intervals]) =>
    intervals.map((interval) => ({
      name: `Insights: ${label} by ${interval}`,
      path: `/api/admin/insights?from=${from}&to=${to}&interval=${interval}`,
      budget: INSIGHTS_BUDGET_MS,
    })),
  );
}

type Timing = { name: string; path: string; budget?: number; status: number; bytes: number; total: string; p50: number; p95: number; max: number };

const log = (m: string) => console.log(`[bench:admin] ${m}`);
const load = () =>
  loadavg()
    .map((l) => l.toFixed(2))
    .join(', ');
const round = (ms: number) => Math.round(ms * 10) / 10;
const percentile = (sorted: number[], p: number) => sorted[Math.min(sorted.length - 1, Math.ceil((p / 100) * sorted.length) - 1)];

async function signIn(url: string): Promise<string> {
  const response = await fetch(`${url}/api/auth/login`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', origin: url },
    body: JSON.stringify({ username: process.env.ADMIN_USERNAME ?? 'admin', password: process.env.ADMIN_PASSWORD ?? 'admin' }),
  });
  if (!response.ok) throw new Error(`admin login answered ${response.status}`);
  return ((await response.json()) as { token: string }).token;
}

async function time(url: string, token: string, call: (typeof CALLS)[number]): Promise<Timing> {
  // The page reads the session from its cookie, the API from either; both send the cookie.
  const headers = { cookie: `shop_admin=${token}` };
  const once = async () => {
    const started = performance.now();
    const response = await fetch(url + call.path, { headers, redirect: 'manual' });
    const body = await response.arrayBuffer();
    return { ms: performance.now() - started, status: response.status, bytes: body.byteLength, total: response.headers.get('x-total-count') ?? '' };
  };
  for (let i = 0; i < WARMUP; i++) await once();
  const runs = [];
  for (let i = 0; i < requests; i++) runs.push(await once());
  const sorted = runs.map((r) => r.ms).sort((a, b) => a - b);
  const last = runs[runs.length - 1];
  if (runs.some((r) => r.status !== 200)) throw new Error(`${call.path} answered ${runs.map((r) => r.status).join(', ')}`);
  return {
    ...call,
    status: last.status,
    bytes: last.bytes,
    total: last.total,
    p50: round(percentile(sorted, 50)),
    p95: round(percentile(sorted, 95)),
    max: round(sorted[sorted.length - 1]),
  };
}

function render(started: Date, loads: [string, string], catalogue: number, orders: number, timings: Timing[]): string {
  const over = timings.filter((t) => t.p95 > (t.budget ?? BUDGET_MS));
  const rows = timings.map((t) => `| ${t.name} | \`${t.path}\` | ${t.total || '–'} | ${t.bytes.toLocaleString('en-AU')} | ${t.p50} | ${t.p95} | ${t.max} |`);
  return [
    `## ${started.toISOString().slice(0, 16).replace('T', ' ')} UTC — ${catalogue.toLocaleString('en-AU')} products, ${orders.toLocaleString('en-AU')} synthetic orders`,
    '',
    `Load average (1, 5, 15 min) before: ${loads[0]}; after: ${loads[1]}. ${requests} sequential requests per call after ${WARMUP} warm-up ones.`,
    '',
    '| call | path | X-Total-Count | bytes | p50 ms | p95 ms | max ms |',
    '|---|---|---:|---:|---:|---:|---:|',
    ...rows,
    '',
    over.length
      ? `Over budget at p95 (${BUDGET_MS} ms, Insights ${INSIGHTS_BUDGET_MS} ms): ${over.map((t) => t.name).join(', ')}.`
      : `Every call within its budget at p95 (${BUDGET_MS} ms, Insights ${INSIGHTS_BUDGET_MS} ms).`,
    '',
  ].join('\n');
}

const HEADER = `# Back-office benchmark (\`npm run bench:admin\`)

Newest run first. Loopback only: a production build of the shop pinned to CPU 0, served as
\`npm start\` serves it (server.mjs), on the bench database (\`npm run bench:seed\`); one
client, one request at a time, Postgres unpinned. Written by bench/bench-admin.ts.

`;

const started = new Date();
const loadBefore = load();
const services = await startBenchServices(log);
let server: RunningServer | null = null;
try {
  const catalogue = await prepareBenchDatabase(services.env, products, log, orders);
  const env: NodeJS.ProcessEnv = { ...process.env, ...services.env, ...(services.embeddedDatabase ? { SHOP_EMBEDDED: '1' } : {}) };
  if (!values['no-build']) {
    log(`Building the shop into ${DIST_DIR}…`);
    await buildShop(env, DIST_DIR);
  }
  server = await startPinnedServer({ distDir: DIST_DIR, env, log });
  const token = await signIn(server.url);
  const timings: Timing[] = [];
  for (const call of CALLS) {
    const timing = await time(server.url, token, call);
    log(`${call.name}: p50 ${timing.p50} ms, p95 ${timing.p95} ms (${timing.bytes} bytes)`);
    timings.push(timing);
  }
  const section = render(started, [loadBefore, load()], catalogue.products, catalogue.orders, timings);
  prependResults(RESULTS, section, HEADER);
  log(`Written to ${RESULTS}`);
} finally {
  await server?.stop();
  await services.stop();
  process.exit(process.exitCode ?? 0);
}
