// Scenario 2: Postgres goes away under load and comes back. The same crowd as
// scenario 1 runs while the embedded Postgres is stopped (fast shutdown: open
// connections are terminated), kept down ~5 s, and started again on the same
// data directory and port. The shop process is never restarted.
//   while down: API calls answer 503 {detail, code: 'service_unavailable'} quickly,
//               pages answer from the cache or with the error page, nothing hangs;
//   after:      the shop recovers by itself, and no order is half-written.
import { Checks, verifyCheckouts, verifyIntegrity } from '../lib/load-checks';
import { describeFailures, formatSummaries, isOk, newRecorder, sleep, summarize, timedFetch, type Recorder, type Sample } from '../lib/load-http';
import { runShopLoad } from '../lib/load-shopper';
import type { LoadContext, ScenarioResult } from './context';

const RUN_SECONDS = 32;
const STOP_AT_SECONDS = 8;
const DOWN_SECONDS = 5;
/** "Fail fast": an API answer within this while Postgres is down (the pool's connect timeout is 2 s). */
const FAST_MS = 2_500;
/** Pages are not a fail-fast contract (most come from the cache), but none may hang. */
const PAGE_LIMIT_MS = 10_000;
/** Requests after recovery get this long to drain before they must all succeed again. */
const SETTLE_MS = 2_000;
const RECOVERY_LIMIT_MS = 10_000;

const isPage = (s: Sample) => s.group.startsWith('page') || s.group === 'checkout: test page' || s.group === 'checkout: /success';

function isUnavailableShape(s: Sample): boolean {
  if (s.status !== 503 || !s.body) return false;
  try {
    const body = JSON.parse(s.body) as { detail?: unknown; code?: unknown };
    return body.code === 'service_unavailable' && typeof body.detail === 'string' && Object.keys(body).length === 2;
  } catch {
    return false;
  }
}

/** A Voucher to spend on some of the checkouts, made through the admin API as an admin would. */
async function createVoucher(ctx: LoadContext): Promise<string> {
  const headers = { 'content-type': 'application/json', origin: ctx.shopUrl, 'x-forwarded-for': '192.0.2.10' };
  const login = await fetch(`${ctx.shopUrl}/api/auth/login`, { method: 'POST', headers, body: JSON.stringify({ username: 'admin', password: 'admin' }) });
  const { token } = (await login.json()) as { token: string };
  const created = await fetch(`${ctx.shopUrl}/api/admin/vouchers/create`, {
    method: 'POST',
    headers: { ...headers, authorization: `Bearer ${token}` },
    body: JSON.stringify({ customer_email: `voucher-${ctx.runTag}@example.test`, type: 'percentage', value: 10, usage_type: 'reusable', notes: 'load test' }),
  });
  if (!created.ok) throw new Error(`Creating the load-test voucher failed: ${created.status} ${await created.text()}`);
  return ((await created.json()) as { code: string }).code;
}

/**
 * Pages the crowd never touches while Postgres is down, so none can come from
 * the cache: what a shopper sees there is the shop's own failure handling.
 */
async function probeUncachedPages(ctx: LoadContext, recorder: Recorder) {
  const unseen = `zz${Math.random().toString(36).slice(2, 12)}`;
  const pages = {
    search: `/products?search=${unseen}`,
    category: `/products?category=${unseen}`,
    product: `/product/${unseen}`,
    success: `/success?session_id=cs_test_${unseen}`,
    'test payment': `/checkout/test/cs_test_${unseen}`,
  };
  await Promise.all(Object.entries(pages).map(([label, path]) => timedFetch(recorder, label, `${ctx.shopUrl}${path}`, { keepBody: true, timeoutMs: 10_000 })));
}

const describeProbe = (s: Sample) => `${s.group} → ${s.status || s.error}${s.degraded ? ` (${s.degraded})` : ''} in ${Math.round(s.ms)} ms`;

export async function postgresRestart(ctx: LoadContext): Promise<ScenarioResult> {
  const name = `S2 Postgres restarted under load (down ${DOWN_SECONDS} s)`;
  console.log(`\n== ${name}`);
  const checks = new Checks('S2');
  const recorder = newRecorder();
  const health = newRecorder();
  const probes = newRecorder();
  const voucherCode = await createVoucher(ctx);
  const runTag = `${ctx.runTag}-s2`;

  const since = new Date();
  const started = performance.now();
  const marks = { stopAsked: 0, stopped: 0, startAsked: 0, started: 0 };
  let probing = true;
  const probe = (async () => {
    while (probing) {
      await timedFetch(health, 'health', `${ctx.shopUrl}/api/health`, { timeoutMs: 10_000 });
      await sleep(200);
    }
  })();
  const fault = (async () => {
    await sleep(STOP_AT_SECONDS * 1000);
    marks.stopAsked = performance.now();
    await ctx.stopPostgres();
    marks.stopped = performance.now();
    console.log(`  Postgres stopped at ${((marks.stopped - started) / 1000).toFixed(1)} s`);
    await sleep(1_000);
    await probeUncachedPages(ctx, probes);
    await sleep(DOWN_SECONDS * 1000 - (performance.now() - marks.stopped));
    marks.startAsked = performance.now();
    await ctx.startPostgres();
    marks.started = performance.now();
    console.log(`  Postgres started again at ${((marks.started - started) / 1000).toFixed(1)} s`);
  })();
  const outcomes = await runShopLoad({
    recorder,
    base: ctx.shopUrl,
    catalogue: ctx.catalogue,
    seconds: RUN_SECONDS,
    shoppers: ctx.options.shoppers,
    thinkMs: ctx.options.thinkMs,
    checkoutsPerSecond: ctx.options.checkoutsPerSecond,
    nextCheckout: ctx.nextCheckout,
    runTag,
    // Every fourth checkout spends a reusable voucher: reservations must survive the outage consistently.
    discountCodeFor: (n) => (n % 4 === 0 ? voucherCode : undefined),
  });
  await fault;
  probing = false;
  await probe;
  const seconds = (performance.now() - started) / 1000;
  console.log(formatSummaries(recorder.samples, seconds));

  const recovered = health.samples.find((s) => s.startedAt >= marks.started && isOk(s));
  const recoveredAt = recovered?.endedAt ?? Infinity;
  const recoveryMs = recoveredAt - marks.started;
  checks.check(
    'the shop recovers by itself once Postgres is back',
    recoveryMs <= RECOVERY_LIMIT_MS,
    recovered ? `health 200 ${Math.round(recoveryMs)} ms after Postgres accepted connections` : 'never recovered',
  );

  const before = recorder.samples.filter((s) => s.endedAt < marks.stopAsked);
  const beforeErrors = before.filter((s) => !isOk(s));
  checks.check(
    'no errors before the stop',
    beforeErrors.length === 0,
    `${beforeErrors.length} of ${before.length}${beforeErrors.length ? `\n${describeFailures(before)}` : ''}`,
  );

  const down = recorder.samples.filter((s) => s.startedAt >= marks.stopped && s.endedAt <= marks.startAsked);
  const downApi = down.filter((s) => !isPage(s));
  const downPages = down.filter(isPage);
  const apiBad = downApi.filter((s) => !(isOk(s) || isUnavailableShape(s)));
  const api503 = downApi.filter(isUnavailableShape);
  const apiSlow = downApi.filter((s) => s.ms > FAST_MS);
  checks.check(
    "while down, API calls answer 503 {detail, code: 'service_unavailable'} (or 2xx)",
    downApi.length > 0 && apiBad.length === 0,
    `${downApi.length} calls: ${api503.length} × 503, ${downApi.filter(isOk).length} × 2xx, ${apiBad.length} other${apiBad.length ? `\n${describeFailures(apiBad)}` : ''}`,
  );
  const apiDown = summarize(downApi);
  checks.check(
    `while down, API calls answer within ${FAST_MS} ms`,
    apiSlow.length === 0,
    `p50/p99/max ${Math.round(apiDown.p50)}/${Math.round(apiDown.p99)}/${Math.round(apiDown.max)} ms`,
  );

  const pagesCached = downPages.filter((s) => isOk(s) && !s.degraded);
  const pagesEmpty = downPages.filter((s) => isOk(s) && s.degraded);
  // A failed render streams as a 5xx whose error boundary (app/(shop)/error.tsx) the browser shows.
  const pagesError = downPages.filter((s) => s.status >= 500);
  const pagesBad = downPages.filter((s) => !isOk(s) && !pagesError.includes(s));
  const pagesDown = summarize(downPages);
  const statuses = [...new Set(pagesError.map((s) => s.status))].join('/') || '–';
  checks.check(
    `while down, pages answer (cache, fallback or the unavailable page) within ${PAGE_LIMIT_MS / 1000} s`,
    pagesBad.length === 0 && downPages.every((s) => s.ms <= PAGE_LIMIT_MS),
    `${downPages.length} page views: ${pagesCached.length} served in full (cache), ${pagesEmpty.length} empty listing, ${pagesError.length} error page (status ${statuses}), ${pagesBad.length} other; p50/p99 ${Math.round(pagesDown.p50)}/${Math.round(pagesDown.p99)} ms${pagesBad.length ? `\n${describeFailures(pagesBad)}` : ''}`,
  );

  console.log(`  uncached pages while down:\n${probes.samples.map((p) => `    ${describeProbe(p)}`).join('\n')}`);
  const probesHung = probes.samples.filter((p) => p.status === 0 || p.ms > PAGE_LIMIT_MS);
  checks.check(
    `while down, uncached pages answer within ${PAGE_LIMIT_MS / 1000} s`,
    probesHung.length === 0,
    probes.samples.map((p) => `${p.group} ${p.status}`).join(', '),
  );
  // Decision 039: a read that fails is a server error, never a claim that nothing is there.
  const probesMissing = probes.samples.filter((p) => p.status === 404 || (isOk(p) && p.degraded));
  checks.check(
    'while down, no page says a product or category is missing (no 404, no empty listing)',
    pagesEmpty.length === 0 && probesMissing.length === 0,
    `${pagesEmpty.length} empty listings; uncached: ${probes.samples.map((p) => `${p.group} ${p.status}`).join(', ')}`,
  );

  const after = recorder.samples.filter((s) => s.startedAt >= recoveredAt + SETTLE_MS);
  const afterErrors = after.filter((s) => !isOk(s) || s.degraded);
  checks.check(
    'no errors or empty listings after recovery',
    after.length > 0 && afterErrors.length === 0,
    `${afterErrors.length} of ${after.length}${afterErrors.length ? `\n${describeFailures(after)}` : ''}`,
  );

  await verifyIntegrity(checks, ctx.databaseUrl, since);
  const verified = await verifyCheckouts({ checks, databaseUrl: ctx.databaseUrl, mailDir: ctx.mailDir, runTag, outcomes });
  const paid = outcomes.filter((o) => o.reached === 'paid' || o.reached === 'confirmed').length;

  return {
    name,
    checks: checks.list,
    figures: [
      `requests: ${recorder.samples.length} in ${seconds.toFixed(0)} s; during the outage ${down.length}`,
      `API while down: ${api503.length} × 503 of ${downApi.length}, p50/p99 ${Math.round(apiDown.p50)}/${Math.round(apiDown.p99)} ms`,
      `pages while down: ${pagesCached.length} in full from cache, ${pagesEmpty.length} empty listing, ${pagesError.length} error page (${statuses}); p99 ${Math.round(pagesDown.p99)} ms`,
      `uncached pages while down: ${probes.samples.map((p) => `${p.group} ${p.status}`).join(', ')}`,
      `recovery after Postgres start: ${recovered ? `${(recoveryMs / 1000).toFixed(1)} s` : 'none'}`,
      `checkouts: ${outcomes.length} started, ${paid} paid; orders ${verified.orders}, fulfilled ${verified.fulfilled}, emails ${verified.emails}`,
    ],
  };
}
