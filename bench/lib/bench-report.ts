// Markdown for bench/results/bench.md: one section per run, newest first.
import { existsSync, mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { dirname } from 'node:path';
import type { FirstLoadJs } from './bench-js';
import type { LoadResult } from './bench-load';

export type BenchRun = {
  startedAt: Date;
  machine: string;
  loadBefore: string;
  loadAfter: string;
  products: number;
  /** Fresh pairs of servers the cached pages were measured on. */
  instances: number;
  /** Each page beside the bare Next page of its own size: the median pair, and every pair's ratio. */
  throughput: { result: LoadResult; cachedPage: boolean; ceiling: LoadResult; ratios: number[] }[];
  latency: LoadResult[];
  endpoints: LoadResult[];
  js: { page: FirstLoadJs; floor: FirstLoadJs }[];
  notes: string[];
};

export const GOALS = {
  cachedPageRatio: 0.85,
  searchP95Ms: 50,
  searchPageRatio: 0.25,
  searchPageP95Ms: 100,
  filterP95Ms: 100,
  checkoutP95Ms: 100,
  jsRatio: 1.15,
};

const n = (v: number) => v.toLocaleString('en-AU');
const ok = (met: boolean) => (met ? 'met' : '**not met**');
const ratio = (v: number) => v.toFixed(2);

export function renderRun(run: BenchRun): string {
  const lines: string[] = [];
  lines.push(`## ${run.startedAt.toISOString().replace(/\.\d+Z$/, 'Z')}`, '');
  lines.push(`${run.machine}; load average before ${run.loadBefore}, after ${run.loadAfter}. Catalogue: ${n(run.products)} products.`, '');

  const first = run.throughput[0].result;
  lines.push(
    `### Throughput (${first.connections} connections; each page and its ceiling ${first.seconds} s each, in alternating slices, after a warm-up)`,
    '',
  );
  lines.push(
    '| scenario | bytes | req/s | p50 ms | p95 ms | p99 ms | ceiling bytes | ceiling req/s | × ceiling | each pair | unexpected |',
    '|---|---:|---:|---:|---:|---:|---:|---:|---:|---:|---:|',
  );
  for (const { result: r, cachedPage, ceiling, ratios } of run.throughput) {
    lines.push(
      `| ${r.name}${cachedPage ? ' ¹' : ''} | ${n(r.bytesPerResponse)} | ${n(r.requestsPerSecond)} | ${r.p50} | ${r.p95} | ${r.p99} | ${n(ceiling.bytesPerResponse)} | ${n(ceiling.requestsPerSecond)} | ${ratio(r.requestsPerSecond / ceiling.requestsPerSecond)} | ${ratios.map(ratio).join(', ')} | ${r.unexpected} |`,
    );
  }
  lines.push(
    '',
    `¹ served from the full-route cache; goal ≥ ${GOALS.cachedPageRatio} × ceiling; measured on ${run.instances} fresh pairs of servers (two processes of one build differ by up to ~15 %), the median pair shown. Bytes: whole response as received (uncompressed; autocannon asks for no compression); each page is compared with the bare page built to its size.`,
    '',
  );

  lines.push(`### Search and filters at ${n(run.products)} products`, '');
  lines.push('| scenario | connections | req/s | p50 ms | p95 ms | p99 ms | unexpected |', '|---|---:|---:|---:|---:|---:|---:|');
  for (const r of run.latency) lines.push(`| ${r.name} | ${r.connections} | ${n(r.requestsPerSecond)} | ${r.p50} | ${r.p95} | ${r.p99} | ${r.unexpected} |`);
  lines.push(
    '',
    `Goal: search p95 ≤ ${GOALS.searchP95Ms} ms for one shopper (1 connection). With ${run.latency.at(-1)?.connections ?? 4} at once, one server core queues them: their p95 is mostly each other's CPU time.`,
    '',
  );

  lines.push('### Checkout and downloads (latency at few connections; req/s is what one server core sustains)', '');
  lines.push('| scenario | connections | req/s | p50 ms | p95 ms | p99 ms | unexpected |', '|---|---:|---:|---:|---:|---:|---:|');
  for (const r of run.endpoints) lines.push(`| ${r.name} | ${r.connections} | ${n(r.requestsPerSecond)} | ${r.p50} | ${r.p95} | ${r.p99} | ${r.unexpected} |`);
  lines.push('', `Goal: checkout p95 ≤ ${GOALS.checkoutP95Ms} ms.`, '');

  lines.push('### First-load JavaScript (gzip)', '');
  lines.push('| page | scripts | gzip bytes | × floor |', '|---|---:|---:|---:|');
  const floor = run.js[0]?.floor;
  if (floor) lines.push(`| floor (ceiling app) | ${floor.scripts} | ${n(floor.gzipBytes)} | 1.00 |`);
  for (const { page } of run.js) lines.push(`| ${page.path} | ${page.scripts} | ${n(page.gzipBytes)} | ${ratio(page.gzipBytes / (floor?.gzipBytes || 1))} |`);
  lines.push('', `Goal: ≤ ${GOALS.jsRatio} × floor.`, '');

  lines.push('### Goals', '');
  for (const line of goalLines(run)) lines.push(`- ${line}`);
  if (run.notes.length) lines.push('', ...run.notes.map((note) => `- ${note}`));
  lines.push('');
  return lines.join('\n');
}

/** A goal only counts when every response was the expected one: 429s or 500s are fast, not good. */
const clean = (results: LoadResult[]) => results.every((r) => r.unexpected === 0);
const okClean = (met: boolean, results: LoadResult[]) => (clean(results) ? ok(met) : '**not met** (unexpected responses)');

function goalLines(run: BenchRun): string[] {
  const rps = (t: BenchRun['throughput'][number]) => t.result.requestsPerSecond / t.ceiling.requestsPerSecond;
  const cached = run.throughput.filter((t) => t.cachedPage);
  const worstCached = Math.min(...cached.map(rps));
  // Issue #16 §5: searches at the full connection count, against the ceiling of their size.
  const searchPages = run.throughput.filter((t) => !t.cachedPage && /search/.test(t.result.name));
  // The goal is a search's latency at N products: one shopper's. Concurrent rows are reported beside it.
  const search = run.latency.filter((r) => /search/.test(r.name) && r.connections === 1);
  const worstSearch = Math.max(...search.map((r) => r.p95));
  // Issue #28 §5: every sort and filter, one shopper.
  const filters = run.latency.filter((r) => /sort=|tag=|price=/.test(r.name) && r.connections === 1);
  const worstFilter = Math.max(...filters.map((r) => r.p95));
  const checkout = run.endpoints.find((r) => /checkout/.test(r.name));
  const worstJs = Math.max(...run.js.map(({ page, floor }) => page.gzipBytes / floor.gzipBytes));
  return [
    cached.length
      ? `cached pages ≥ ${GOALS.cachedPageRatio} × ceiling: worst ${ratio(worstCached)} — ${okClean(
          worstCached >= GOALS.cachedPageRatio,
          cached.map((t) => t.result),
        )}`
      : 'cached pages: not run',
    ...searchPages.map(
      (t) =>
        `${t.result.name} ≥ ${GOALS.searchPageRatio} × ceiling and p95 ≤ ${GOALS.searchPageP95Ms} ms at ${t.result.connections} connections: ${ratio(rps(t))} ×, p95 ${t.result.p95} ms (the ceiling's ${t.ceiling.p95} ms) — ${okClean(
          rps(t) >= GOALS.searchPageRatio && t.result.p95 <= GOALS.searchPageP95Ms,
          [t.result],
        )}`,
    ),
    search.length
      ? `search p95 ≤ ${GOALS.searchP95Ms} ms at ${n(run.products)} products, one shopper: worst ${worstSearch} ms — ${okClean(worstSearch <= GOALS.searchP95Ms, search)}`
      : 'search, one shopper: not run',
    filters.length
      ? `every sort and filter p95 ≤ ${GOALS.filterP95Ms} ms at ${n(run.products)} products, one shopper: worst ${worstFilter} ms — ${okClean(worstFilter <= GOALS.filterP95Ms, filters)}`
      : 'sorts and filters, one shopper: not run',
    checkout
      ? `checkout p95 ≤ ${GOALS.checkoutP95Ms} ms: ${checkout.p95} ms — ${okClean(checkout.p95 <= GOALS.checkoutP95Ms, [checkout])}`
      : 'checkout: not run',
    `first-load JS ≤ ${GOALS.jsRatio} × floor: worst ${ratio(worstJs)} — ${ok(worstJs <= GOALS.jsRatio)}`,
  ];
}

const HEADER = `# Storefront benchmark (\`npm run bench\`)

Newest run first. Loopback only: a production build pinned to CPU 0, served as
\`npm start\` serves it (server.mjs; \`next start\` before 2026-11-24T14:30Z), the
ceiling app with \`next start\`; autocannon pinned to CPU 1, Postgres unpinned.
Written by bench/bench.ts.

`;

/** Puts `section` first under the header, keeping earlier runs below it. */
export function prependResults(file: string, section: string, header = HEADER): void {
  mkdirSync(dirname(file), { recursive: true });
  const previous = existsSync(file) ? readFileSync(file, 'utf8') : '';
  const at = previous.indexOf('\n## ');
  const runs = at >= 0 ? previous.slice(at + 1) : '';
  writeFileSync(file, header + section + (runs ? `\n${runs}` : ''));
}
