// `npm test`: every runner on real parts. Lints the tree (`npm run lint`),
// starts throw-away embedded services (or uses DATABASE_URL / S3_ENDPOINT when
// given), seeds the demo catalogue, builds and serves the shop, then runs
// vitest (unit, integration, api) and Playwright in Debian's Chromium. Ends
// with one line "N passed, N failed".
//   npm test                 everything
//   npm test -- unit api     only some runners: lint, unit, integration, api, security, e2e, cluster
//   npm test -- security sessions   other words filter the files of those runners
import { spawn } from 'node:child_process';
import { createWriteStream, existsSync, readFileSync, rmSync, mkdirSync } from 'node:fs';
import { join, relative, resolve } from 'node:path';
import { randomBytes } from 'node:crypto';
import { buildShop, shopServerCommand } from './lib/build';
import { deployMigrations } from './lib/migrations';
import { freePort } from './lib/embedded-postgres';
import { startMailCatcher, type MailCatcher } from './lib/mail-catcher';
import { startLocalServices } from './lib/services';

type Counts = { passed: number; failed: number };
const RUNNERS = ['lint', 'unit', 'integration', 'api', 'security', 'e2e', 'cluster'] as const;
type Runner = (typeof RUNNERS)[number];

const requested = process.argv.slice(2).filter((a): a is Runner => (RUNNERS as readonly string[]).includes(a));
const runners: Runner[] = requested.length ? requested : [...RUNNERS];
// Anything else on the command line narrows the chosen runners to matching files.
const fileFilters = process.argv.slice(2).filter((a) => !(RUNNERS as readonly string[]).includes(a));
const needsServer = runners.some((r) => r === 'api' || r === 'security' || r === 'e2e');
// The cluster runner (tests/cluster) builds and runs its own instances behind HAProxy.
const needsServices = runners.some((r) => r !== 'lint' && r !== 'unit');

const runDir = resolve('.data', `test-${randomBytes(4).toString('hex')}`);
const reportDir = join(runDir, 'reports');
// Overridable so two checkouts (or two runs) never build into each other's output.
const distDir = process.env.NEXT_TEST_DIST_DIR ?? '.next-test';
const log = (m: string) => console.log(`[test] ${m}`);

async function main(): Promise<Counts> {
  mkdirSync(reportDir, { recursive: true });
  const totals: Counts = { passed: 0, failed: 0 };
  const add = (c: Counts) => {
    totals.passed += c.passed;
    totals.failed += c.failed;
  };

  if (runners.includes('lint')) add(await lint());
  if (runners.includes('unit')) add(await vitest('unit', process.env));
  if (!needsServices) return totals;

  const services = await startLocalServices({ dataDir: join(runDir, 'services'), persistent: false, log });
  const env: NodeJS.ProcessEnv = { ...process.env, ...services.env, NODE_ENV: 'test' };
  Object.assign(process.env, services.env);
  let server: ReturnType<typeof spawn> | undefined;
  let mail: MailCatcher | undefined;
  try {
    await deployMigrations(env.DATABASE_URL as string, log);
    if (runners.includes('integration')) add(await vitest('integration', env));

    if (needsServer) {
      const { seedDemoCatalogue } = await import('../prisma/seed');
      await seedDemoCatalogue(env.DATABASE_URL);
      // The shop sends its emails over real SMTP to a catcher that files them under MAIL_DIR.
      mail = await startMailCatcher({ dir: join(runDir, 'mail'), log });
      const port = await freePort();
      const baseUrl = `http://127.0.0.1:${port}`;
      const serverEnv: NodeJS.ProcessEnv = {
        ...env,
        NODE_ENV: 'production',
        NEXT_DIST_DIR: distDir,
        SITE_URL: baseUrl,
        SHOP_EMBEDDED: '1',
        PORT: String(port),
        SMTP_URL: mail.url,
      };
      log('Building the shop for the browser and API tests…');
      await buildShop(serverEnv, distDir);
      server = spawn(...shopServerCommand(port, '127.0.0.1'), {
        stdio: ['ignore', 'pipe', 'pipe'],
        env: serverEnv,
      });
      // The server's output is shown as before and also kept, so the security tests can check what it logs.
      const serverLog = join(runDir, 'server.log');
      const logFile = createWriteStream(serverLog);
      server.stdout?.on('data', (c: Buffer) => (process.stdout.write(c), logFile.write(c)));
      server.stderr?.on('data', (c: Buffer) => (process.stderr.write(c), logFile.write(c)));
      await waitForServer(baseUrl);
      const runEnv = { ...serverEnv, SHOP_URL: baseUrl, MAIL_DIR: mail.dir, SHOP_LOG_FILE: serverLog };
      if (runners.includes('api')) add(await vitest('api', runEnv));
      if (runners.includes('security')) add(await vitest('security', runEnv));
      if (runners.includes('e2e')) add(await playwright(runEnv));
    }
    if (runners.includes('cluster')) {
      // The single test server would only take CPU from the cluster's instances.
      if (server && server.exitCode === null && server.signalCode === null) {
        server.kill('SIGTERM');
        await new Promise((r) => server?.once('exit', r));
      }
      log('cluster: two instances behind HAProxy with Redis and the worker');
      const { runClusterProof } = await import('../tests/cluster');
      add(await runClusterProof({ env, runDir, log }));
    }
  } finally {
    if (server && server.exitCode === null && server.signalCode === null) {
      server.kill('SIGTERM');
      await new Promise((r) => server?.once('exit', r));
    }
    await mail?.stop();
    await services.stop();
  }
  return totals;
}

// Children run asynchronously: the embedded S3 server lives in this process's
// event loop, and a blocking spawn would leave it unable to answer.
function run(command: string, args: string[], env: NodeJS.ProcessEnv): Promise<number> {
  return new Promise((resolveExit, reject) => {
    const child = spawn(command, args, { stdio: 'inherit', env });
    child.once('error', reject);
    child.once('exit', (code) => resolveExit(code ?? 1));
  });
}

async function vitest(project: string, env: NodeJS.ProcessEnv): Promise<Counts> {
  const output = join(reportDir, `vitest-${project}.json`);
  log(`vitest: ${project}`);
  const exitCode = await run(
    join('node_modules', '.bin', 'vitest'),
    [
      'run',
      '--project',
      project,
      '--reporter=default',
      '--reporter=json',
      `--outputFile.json=${output}`,
      ...(fileFilters.length ? ['--passWithNoTests', ...fileFilters] : []),
    ],
    env,
  );
  if (!existsSync(output)) return { passed: 0, failed: 1 };
  const report = JSON.parse(readFileSync(output, 'utf8')) as { numPassedTests: number; numFailedTests: number; numTotalTestSuites: number; success: boolean };
  // A file that fails to load, or an unhandled error (vitest exits non-zero; its report may
  // still say success), counts as a failure even though no test failed.
  const clean = report.success && exitCode === 0;
  const failed = report.numFailedTests + (clean || report.numFailedTests > 0 ? 0 : 1);
  return { passed: report.numPassedTests, failed };
}

type LintReport = { filePath: string; messages: { ruleId: string | null; severity: number; line?: number; column?: number; message: string }[] }[];

/**
 * Two checks of the whole tree: `npm run lint` (ESLint, one definition of what
 * is linted and how; a warning fails too) and `npm run format:check` (Prettier).
 * Each counts once: the tree is clean or it is not, whatever its file count.
 * ESLint's findings are printed, narrowed to paths containing a filter word.
 */
async function lint(): Promise<Counts> {
  const output = join(reportDir, 'eslint.json');
  log('eslint: lint');
  await run('npm', ['run', '--silent', 'lint', '--', '--format', 'json', '--output-file', output], process.env);
  const counts: Counts = { passed: 0, failed: 0 };
  if (!existsSync(output)) counts.failed++;
  else {
    const report = JSON.parse(readFileSync(output, 'utf8')) as LintReport;
    const findings = report.flatMap((file) => {
      const path = relative(process.cwd(), file.filePath);
      return fileFilters.length && !fileFilters.some((word) => path.includes(word)) ? [] : file.messages.map((m) => ({ path, ...m }));
    });
    for (const m of findings)
      console.log(`${m.path}:${m.line ?? 0}:${m.column ?? 0} ${m.severity === 2 ? 'error' : 'warning'} ${m.message} (${m.ruleId ?? 'parse'})`);
    log(`eslint: ${findings.length} finding(s) in ${report.length} files`);
    counts[findings.length === 0 ? 'passed' : 'failed']++;
  }
  log('prettier: format:check');
  counts[(await run('npm', ['run', '--silent', 'format:check'], process.env)) === 0 ? 'passed' : 'failed']++;
  return counts;
}

async function playwright(env: NodeJS.ProcessEnv): Promise<Counts> {
  const output = join(reportDir, 'playwright.json');
  log('playwright: e2e');
  await run(join('node_modules', '.bin', 'playwright'), ['test', ...fileFilters], { ...env, PLAYWRIGHT_JSON_OUTPUT_NAME: output });
  if (!existsSync(output)) return { passed: 0, failed: 1 };
  const report = JSON.parse(readFileSync(output, 'utf8')) as { stats: { expected: number; unexpected: number; flaky: number }; errors?: unknown[] };
  const loadErrors = report.errors?.length ? 1 : 0;
  return { passed: report.stats.expected + report.stats.flaky, failed: report.stats.unexpected + loadErrors };
}

async function waitForServer(url: string) {
  const deadline = Date.now() + 60_000;
  while (Date.now() < deadline) {
    try {
      const res = await fetch(`${url}/api/settings/banner`);
      if (res.ok) return;
    } catch {
      // not listening yet
    }
    await new Promise((r) => setTimeout(r, 250));
  }
  throw new Error(`The shop did not start at ${url}`);
}

let totals: Counts = { passed: 0, failed: 1 };
try {
  totals = await main();
} catch (error) {
  console.error(error);
} finally {
  rmSync(runDir, { recursive: true, force: true });
}
console.log(`${totals.passed} passed, ${totals.failed} failed`);
process.exit(totals.failed > 0 || totals.passed === 0 ? 1 : 0);
