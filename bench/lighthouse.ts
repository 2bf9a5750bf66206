// `npm run lighthouse` (issue #7 §2): Lighthouse, mobile preset (its default:
// emulated phone, simulated slow 4G and 4× CPU slowdown), in Debian's Chromium
// against /, /products, /product/{id}, /cart and /login of a production
// server. With SHOP_URL set it audits that server; otherwise it starts one the
// way `npm start` does, on the bench environment (DATA_DIR .data/bench,
// build .next-bench). Each page is audited RUNS times (default 3, `-- --runs N`)
// and the run with the median Performance score is reported, as Lighthouse's
// docs advise for scores on a shared machine. Results: stdout and
// bench/results/lighthouse.md.
import { spawn, type ChildProcess } from 'node:child_process';
import { writeFileSync } from 'node:fs';
import { resolve } from 'node:path';
import { parseArgs } from 'node:util';
import * as chromeLauncher from 'chrome-launcher';
import lighthouse from 'lighthouse';
import { freePort } from '../scripts/lib/embedded-postgres';
import { renderLighthouse, type PageAudit } from './lib/bench-lighthouse-report';
import { prependResults } from './lib/bench-report';

const CHROMIUM = process.env.CHROMIUM_PATH ?? '/usr/bin/chromium';
const RUNS = Number(parseArgs({ options: { runs: { type: 'string', default: '3' } } }).values.runs);
const RESULTS = resolve('bench', 'results', 'lighthouse.md');
// Quiet on a closed network: nothing tries to reach Google's services.
const CHROME_FLAGS = [
  '--headless=new',
  '--no-sandbox',
  '--disable-gpu',
  '--disable-background-networking',
  '--disable-component-update',
  '--disable-sync',
  '--no-first-run',
  '--disable-quic',
  '--disable-dev-shm-usage',
];

const log = (m: string) => console.log(`[lighthouse] ${m}`);

async function startShop(): Promise<{ url: string; stop: () => Promise<void> }> {
  const port = await freePort();
  const env: NodeJS.ProcessEnv = {
    ...process.env,
    PORT: String(port),
    DATA_DIR: process.env.DATA_DIR ?? '.data/bench',
    NEXT_DIST_DIR: process.env.NEXT_DIST_DIR ?? '.next-bench',
  };
  delete env.DATABASE_URL;
  log(`Starting the shop like npm start (DATA_DIR ${env.DATA_DIR}, build ${env.NEXT_DIST_DIR}) on port ${port}…`);
  const child: ChildProcess = spawn(process.execPath, ['--import', 'tsx', '--conditions=react-server', 'scripts/start.ts'], {
    env,
    stdio: ['ignore', 'inherit', 'inherit'],
  });
  const url = `http://localhost:${port}`;
  const deadline = Date.now() + 300_000;
  for (;;) {
    if (child.exitCode !== null) throw new Error(`the shop exited with ${child.exitCode}`);
    if (Date.now() > deadline) throw new Error('the shop did not start within 5 minutes');
    try {
      if ((await fetch(`${url}/api/categories`, { signal: AbortSignal.timeout(3_000) })).ok) break;
    } catch {
      // not up yet
    }
    await new Promise((r) => setTimeout(r, 1_000));
  }
  return {
    url,
    stop: async () => {
      if (child.exitCode !== null) return;
      const exited = new Promise((r) => child.once('exit', r));
      child.kill('SIGTERM');
      await exited;
    },
  };
}

async function audit(url: string, port: number): Promise<PageAudit['lhr']> {
  const result = await lighthouse(url, { port, output: 'json', logLevel: 'error', onlyCategories: ['performance', 'accessibility', 'best-practices', 'seo'] });
  if (!result) throw new Error(`Lighthouse returned nothing for ${url}`);
  return result.lhr;
}

const shop = process.env.SHOP_URL ? { url: process.env.SHOP_URL.replace(/\/+$/, ''), stop: async () => {} } : await startShop();
let chrome: chromeLauncher.LaunchedChrome | undefined;
try {
  const [first] = (await (await fetch(`${shop.url}/api/products?limit=1`)).json()) as { id: string }[];
  const paths = ['/', '/products', `/product/${first.id}`, '/cart', '/login'];
  // Warm the full-route cache, so the audit sees what visitors get.
  for (const path of paths) await fetch(shop.url + path);
  chrome = await chromeLauncher.launch({ chromePath: CHROMIUM, chromeFlags: CHROME_FLAGS });
  const pages: PageAudit[] = [];
  for (const path of paths) {
    log(`Auditing ${path} (${RUNS}×)`);
    const runs = [];
    for (let i = 0; i < RUNS; i++) runs.push(await audit(shop.url + path, chrome.port));
    runs.sort((a, b) => (a.categories.performance?.score ?? 0) - (b.categories.performance?.score ?? 0));
    const lhr = runs[Math.floor(runs.length / 2)];
    pages.push({ path, lhr });
    // The full reports, for digging into an audit: gitignored.
    writeFileSync(resolve('bench', 'results', `lighthouse-${path.split('/')[1] || 'home'}.json.tmp`), JSON.stringify(lhr));
    log(
      `  ${Object.values(lhr.categories)
        .map((c) => `${c.title} ${Math.round((c.score ?? 0) * 100)}`)
        .join(', ')}`,
    );
  }
  const section = renderLighthouse(pages, new Date(), RUNS);
  prependResults(
    RESULTS,
    section,
    '# Lighthouse (`npm run lighthouse`)\n\nNewest run first. Mobile preset, Debian Chromium headless. Written by bench/lighthouse.ts.\n\n',
  );
  console.log(`\n${section}`);
  log(`Written to ${RESULTS}`);
} finally {
  await chrome?.kill();
  await shop.stop();
}
process.exit(0);
