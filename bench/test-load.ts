// `npm run test:load`: load and faults against a production build (issue #7 §3).
// On throw-away embedded services (its own Postgres, which it restarts, S3 and
// an SMTP catcher under .data/load-*), with the web instance on
// SHOP_DISABLE_WORKER=1 and the standalone worker doing background jobs:
//   browse    S1 shoppers browsing + checkouts paid in test mode: no errors, no order lost or doubled
//   restart   S2 Postgres stopped and started under load: fast 503s, self-recovery, whole orders
//   webhooks  S3 one signed Stripe event 5× at once + the status check: one order, one email
//   worker    S4 the upload worker SIGKILLed mid-batch: the batch completes, each file once
//   npm run test:load                      every scenario (about 6 minutes)
//   npm run test:load -- restart worker    only some
// Knobs: LOAD_SECONDS (60), LOAD_SHOPPERS (100), LOAD_THINK_MS (3000),
// LOAD_CHECKOUTS_PER_SECOND (10), LOAD_RECLAIM_WAIT_SECONDS (120).
// Prints each scenario's figures, prepends them to bench/results/load.md and
// ends with "N passed, N failed" (exit code 1 on any failure).
import { execSync } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { cpSync, existsSync, mkdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { loadavg, cpus } from 'node:os';
import { join, resolve } from 'node:path';
import { buildShop } from '../scripts/lib/build';
import { freePort, startEmbeddedPostgres, type EmbeddedDatabase } from '../scripts/lib/embedded-postgres';
import type { Check } from './lib/load-checks';
import { startShop, startWorker, tail, waitForShop, type Managed } from '../scripts/lib/processes';
import { loadCatalogue } from './lib/load-shopper';
import { startMailCatcher, type MailCatcher } from '../scripts/lib/mail-catcher';
import { deployMigrations } from '../scripts/lib/migrations';
import { startLocalServices, type LocalServices } from '../scripts/lib/services';
import { browseAndBuy } from './load/browse-and-buy';
import type { LoadContext, ScenarioResult } from './load/context';
import { postgresRestart } from './load/postgres-restart';
import { webhookStorm } from './load/webhook-storm';
import { workerKill } from './load/worker-kill';

const SCENARIOS = { browse: browseAndBuy, restart: postgresRestart, webhooks: webhookStorm, worker: workerKill } as const;
type ScenarioName = keyof typeof SCENARIOS;

const requested = process.argv.slice(2).filter((a): a is ScenarioName => a in SCENARIOS);
const chosen: ScenarioName[] = requested.length ? requested : (Object.keys(SCENARIOS) as ScenarioName[]);
const num = (name: string, fallback: number) => (process.env[name] ? Number(process.env[name]) : fallback);
const options = {
  seconds: num('LOAD_SECONDS', 60),
  shoppers: num('LOAD_SHOPPERS', 100),
  thinkMs: num('LOAD_THINK_MS', 3000),
  checkoutsPerSecond: num('LOAD_CHECKOUTS_PER_SECOND', 10),
  reclaimWaitSeconds: num('LOAD_RECLAIM_WAIT_SECONDS', 120),
};

const runTag = randomBytes(3).toString('hex');
const runDir = resolve('.data', `load-${runTag}`);
// The same build folder as `npm test` (never the one `npm start` serves); not both at once in one checkout.
const distDir = process.env.NEXT_TEST_DIST_DIR ?? '.next-test';
const RESULTS = resolve('bench', 'results', 'load.md');
const log = (m: string) => console.log(`[load] ${m}`);

async function main(): Promise<ScenarioResult[]> {
  mkdirSync(runDir, { recursive: true });
  // The run restarts its Postgres, so it always brings its own services, whatever the environment says.
  delete process.env.DATABASE_URL;
  delete process.env.S3_ENDPOINT;
  const pgDir = join(runDir, 'postgres');
  const pgPort = await freePort();
  let database: EmbeddedDatabase | null = await startEmbeddedPostgres({ dataDir: pgDir, port: pgPort, persistent: true, log });
  process.env.DATABASE_URL = database.url;
  let services: LocalServices | undefined;
  let mail: MailCatcher | undefined;
  let shop: (Managed & { url: string }) | undefined;
  let worker: Managed | undefined;
  try {
    services = await startLocalServices({ dataDir: join(runDir, 'services'), persistent: false, log });
    // The seed below runs in this process and reads the storage settings from process.env.
    Object.assign(process.env, services.env);
    const env: NodeJS.ProcessEnv = { ...process.env, ...services.env, DATABASE_URL: database.url };
    await deployMigrations(database.url, log);
    const { seedDemoCatalogue } = await import('../prisma/seed');
    await seedDemoCatalogue(database.url);
    mail = await startMailCatcher({ dir: join(runDir, 'mail'), log });

    const port = await freePort();
    const shopUrl = `http://127.0.0.1:${port}`;
    // Each simulated shopper names its address in X-Forwarded-For, as one proxy in front of the shop would.
    const serverEnv: NodeJS.ProcessEnv = {
      ...env,
      NODE_ENV: 'production',
      SITE_URL: shopUrl,
      SHOP_EMBEDDED: '1',
      SMTP_URL: mail.url,
      SHOP_DISABLE_WORKER: '1',
      TRUSTED_PROXY_HOPS: '1',
    };
    log('Building the shop…');
    await buildShop(serverEnv, distDir);
    shop = startShop({ name: 'shop', port, distDir, env: serverEnv, logFile: join(runDir, 'shop.log') });
    const workerLog = join(runDir, 'worker.log');
    worker = startWorker({ env: serverEnv, logFile: workerLog });
    await waitForShop(shopUrl);
    const catalogue = await loadCatalogue(shopUrl);
    await warmUp(shopUrl, catalogue.productIds);

    let checkoutNumber = 0;
    const ctx: LoadContext = {
      runTag,
      runDir,
      databaseUrl: database.url,
      mailDir: mail.dir,
      distDir,
      serverEnv,
      shopUrl,
      catalogue,
      options,
      nextCheckout: () => ++checkoutNumber,
      stopPostgres: async () => {
        await database?.stop();
        database = null;
      },
      startPostgres: async () => {
        database = await startEmbeddedPostgres({ dataDir: pgDir, port: pgPort, persistent: true, log });
      },
      worker: () => worker as Managed,
      restartWorker: () => (worker = startWorker({ env: serverEnv, logFile: workerLog })),
    };

    const results: ScenarioResult[] = [];
    for (const scenario of chosen) {
      try {
        results.push(await SCENARIOS[scenario](ctx));
      } catch (error) {
        console.error(error);
        results.push({ name: scenario, figures: [], checks: [{ name: `${scenario}: ran to the end`, ok: false, detail: String(error) }] });
      }
      if (!database) await ctx.startPostgres();
    }
    if (results.some((r) => r.checks.some((c) => !c.ok))) {
      console.log(`\n[load] last lines of the shop's log (kept in .data/load-logs/):\n${tail(shop.logFile, 15)}`);
      console.log(`[load] last lines of the worker's log:\n${tail(workerLog, 10)}`);
    }
    return results;
  } finally {
    await worker?.stop();
    await shop?.stop();
    await mail?.stop();
    await services?.stop();
    await (database as EmbeddedDatabase | null)?.stop();
  }
}

/** First renders of the ISR pages, so the measured run sees the shop as it serves in steady state. */
async function warmUp(base: string, productIds: string[]) {
  const paths = ['/', '/products', '/cart', ...productIds.map((id) => `/product/${id}`)];
  for (let i = 0; i < paths.length; i += 8) {
    await Promise.all(
      paths.slice(i, i + 8).map((p) =>
        fetch(`${base}${p}`)
          .then((r) => r.arrayBuffer())
          .catch(() => null),
      ),
    );
  }
}

function commit(): string {
  try {
    return execSync('git rev-parse --short HEAD', { encoding: 'utf8' }).trim();
  } catch {
    return 'unknown';
  }
}

function record(results: ScenarioResult[], passed: number, failed: number, load: { before: number[]; after: number[] }) {
  const when = new Date().toISOString().replace(/\.\d+Z$/, 'Z');
  const fmt = (l: number[]) => l.map((n) => n.toFixed(2)).join(' ');
  const lines = [
    `### ${when} · ${commit()} · ${passed} passed, ${failed} failed`,
    '',
    `${cpus().length} cores; load average before ${fmt(load.before)}, after ${fmt(load.after)} (the machine is shared). Options: ${options.shoppers} shoppers, think ${options.thinkMs} ms, ${options.checkoutsPerSecond} checkouts/s, ${options.seconds} s.`,
    '',
    '| scenario | figures | checks |',
    '|---|---|---|',
    ...results.map(
      (r) => `| ${r.name} | ${r.figures.join('<br>')} | ${r.checks.map((c) => `${c.ok ? '✓' : '✗'} ${c.name.replace(/^S\d: /, '')}`).join('<br>')} |`,
    ),
    '',
  ];
  const header = '# Load and fault runs (`npm run test:load`), newest first\n\n';
  const previous = existsSync(RESULTS) ? readFileSync(RESULTS, 'utf8').replace(header, '') : '';
  mkdirSync(resolve('bench', 'results'), { recursive: true });
  writeFileSync(RESULTS, header + lines.join('\n') + '\n' + previous);
}

const loadBefore = loadavg();
let passed = 0;
let failed = 0;
try {
  const results = await main();
  const checks: Check[] = results.flatMap((r) => r.checks);
  passed = checks.filter((c) => c.ok).length;
  failed = checks.length - passed;
  console.log('\n== Summary');
  for (const r of results) {
    console.log(`${r.checks.every((c) => c.ok) ? 'ok  ' : 'FAIL'} ${r.name}`);
    for (const figure of r.figures) console.log(`       ${figure}`);
  }
  record(results, passed, failed, { before: loadBefore, after: loadavg() });
} catch (error) {
  console.error(error);
  failed += 1;
} finally {
  // The servers' and worker's logs outlive the run directory, for reading after a failure.
  const kept = resolve('.data', 'load-logs');
  rmSync(kept, { recursive: true, force: true });
  mkdirSync(kept, { recursive: true });
  for (const file of ['shop.log', 'shop-stripe.log', 'worker.log']) if (existsSync(join(runDir, file))) cpSync(join(runDir, file), join(kept, file));
  rmSync(runDir, { recursive: true, force: true });
}
console.log(`${passed} passed, ${failed} failed`);
process.exit(failed > 0 || passed === 0 ? 1 : 0);
