// Scenario 1: a steady crowd. N shoppers browse (pages and the JSON API) while
// checkouts arrive at a fixed rate and are paid in test payment mode. Nothing
// may fail, and every checkout must end as exactly one order with its items
// and exactly one order email.
import { Checks, verifyCheckouts, verifyIntegrity } from '../lib/load-checks';
import { describeFailures, formatSummaries, newRecorder, summarize } from '../lib/load-http';
import { measureServiceTimes, runShopLoad } from '../lib/load-shopper';
import type { LoadContext, ScenarioResult } from './context';

export async function browseAndBuy(ctx: LoadContext): Promise<ScenarioResult> {
  const name = `S1 browse and buy (${ctx.options.shoppers} shoppers, ${ctx.options.checkoutsPerSecond} checkouts/s, ${ctx.options.seconds} s)`;
  console.log(`\n== ${name}`);
  const checks = new Checks('S1');
  // What one request of each kind costs with nothing else running: the yardstick for the crowd's figures.
  const baseline = newRecorder();
  await measureServiceTimes(baseline, ctx.shopUrl, ctx.catalogue, ctx.nextCheckout, `${ctx.runTag}-s0`);
  const groups = [...new Set(baseline.samples.map((s) => s.group))];
  const medians = new Map(groups.map((g) => [g, summarize(baseline.samples.filter((s) => s.group === g)).p50]));
  const checkoutMs = groups.filter((g) => g.startsWith('checkout')).reduce((sum, g) => sum + (medians.get(g) ?? 0), 0);
  console.log(`  one at a time (median ms): ${groups.map((g) => `${g} ${Math.round(medians.get(g) ?? 0)}`).join(', ')}`);
  console.log(
    `  one whole checkout ≈ ${Math.round(checkoutMs)} ms of requests, so ${ctx.options.checkoutsPerSecond}/s alone asks ≈ ${((checkoutMs * ctx.options.checkoutsPerSecond) / 1000).toFixed(1)} s of serving per second`,
  );
  const recorder = newRecorder();
  const since = new Date();
  const started = performance.now();
  const outcomes = await runShopLoad({
    recorder,
    base: ctx.shopUrl,
    catalogue: ctx.catalogue,
    seconds: ctx.options.seconds,
    shoppers: ctx.options.shoppers,
    thinkMs: ctx.options.thinkMs,
    checkoutsPerSecond: ctx.options.checkoutsPerSecond,
    nextCheckout: ctx.nextCheckout,
    runTag: `${ctx.runTag}-s1`,
  });
  const seconds = (performance.now() - started) / 1000;
  console.log(formatSummaries(recorder.samples, seconds));

  const all = summarize(recorder.samples);
  const pages = summarize(recorder.samples.filter((s) => s.group.startsWith('page')));
  const api = summarize(recorder.samples.filter((s) => !s.group.startsWith('page')));
  checks.check(
    'no failed requests (non-2xx/3xx or no answer)',
    all.errors === 0,
    `${all.errors} of ${all.count}${all.errors ? `\n${describeFailures(recorder.samples)}` : ''}`,
  );
  checks.check('no page served without its data (an empty listing)', all.degraded === 0, `${all.degraded} of ${pages.count} page views`);
  const confirmed = outcomes.filter((o) => o.reached === 'confirmed').length;
  checks.check('every checkout paid and confirmed by the status check', confirmed === outcomes.length, `${confirmed} of ${outcomes.length}`);
  const verified = await verifyCheckouts({ checks, databaseUrl: ctx.databaseUrl, mailDir: ctx.mailDir, runTag: `${ctx.runTag}-s1`, outcomes });
  await verifyIntegrity(checks, ctx.databaseUrl, since);

  return {
    name,
    checks: checks.list,
    figures: [
      `one at a time: ${groups.map((g) => `${g.replace(/^(page|api|checkout:) /, '')} ${Math.round(medians.get(g) ?? 0)}`).join(', ')} ms; a whole checkout ≈ ${Math.round(checkoutMs)} ms`,
      `requests: ${all.count} in ${seconds.toFixed(0)} s (${(all.count / seconds).toFixed(0)} req/s), errors ${all.errors}, empty listings ${all.degraded}`,
      `all requests p50/p99: ${Math.round(all.p50)}/${Math.round(all.p99)} ms`,
      `pages p50/p99: ${Math.round(pages.p50)}/${Math.round(pages.p99)} ms`,
      `API and checkout calls p50/p99: ${Math.round(api.p50)}/${Math.round(api.p99)} ms`,
      `checkouts: ${outcomes.length} opened, ${confirmed} paid; orders ${verified.orders}, fulfilled ${verified.fulfilled}, emails ${verified.emails}`,
    ],
  };
}
