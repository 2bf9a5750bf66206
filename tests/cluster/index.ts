// `npm run test:cluster` (the `cluster` runner of `npm test`): issue #16 §3
// against the cluster of `npm run cluster`, on loopback. A database of its own
// on the run's Postgres, a build of its own (.next-cluster-test, with a
// deployment id and Server Actions key made for the run), Redis, HAProxy, two
// instances, the worker and an SMTP catcher. Every check counts towards
// "N passed, N failed"; the figures are prepended to bench/results/cluster.md.
import { execFile } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { existsSync, readFileSync, writeFileSync } from 'node:fs';
import { cpus, loadavg } from 'node:os';
import { join, resolve } from 'node:path';
import { promisify } from 'node:util';
import pg from 'pg';
import { buildShop } from '../../scripts/lib/build';
import { startCluster, requireClusterBinaries, type Cluster } from '../../scripts/lib/cluster';
import { freePort } from '../../scripts/lib/embedded-postgres';
import { Checks } from '../../bench/lib/load-checks';
import { tail } from '../../scripts/lib/processes';
import { startMailCatcher, type MailCatcher } from '../../scripts/lib/mail-catcher';
import { deployMigrations } from '../../scripts/lib/migrations';
import { TRUSTED_FRONT, type ClusterContext } from './context';
import { instanceKilledUnderLoad, throughputOneAgainstTwo } from './failover';
import { bulkUploadAcrossInstances, cachedPagesFollowWrites, rateLimitsAreShared, sessionsAreShared } from './shared-state';

const RESULTS = resolve('bench', 'results', 'cluster.md');
const DIST_DIR = '.next-cluster-test';

/** Three free ports in a row: the balancer on the first, the instances on the next two. */
async function freePortRun(): Promise<number> {
  for (let attempt = 0; attempt < 20; attempt++) {
    const port = await freePort();
    if (port > 65000) continue;
    const { createServer } = await import('node:net');
    const free = async (p: number) =>
      new Promise<boolean>((done) => {
        const server = createServer().once('error', () => done(false));
        server.listen(p, '127.0.0.1', () => server.close(() => done(true)));
      });
    if ((await free(port + 1)) && (await free(port + 2))) return port;
  }
  throw new Error('no three free ports in a row on 127.0.0.1');
}

/**
 * A database for this run on the services' Postgres, migrated and seeded. The
 * seed runs as `scripts/db.ts seed` in a process of its own: this one has read
 * its environment (the test database) long before, and its db() stays there.
 */
async function freshDatabase(env: NodeJS.ProcessEnv, log: (m: string) => void): Promise<string> {
  const baseUrl = env.DATABASE_URL as string;
  const name = `cluster_${randomBytes(4).toString('hex')}`;
  const admin = new pg.Client({ connectionString: baseUrl });
  await admin.connect();
  await admin.query(`CREATE DATABASE ${name}`);
  await admin.end();
  const url = new URL(baseUrl);
  url.pathname = `/${name}`;
  await deployMigrations(url.toString(), log);
  await promisify(execFile)(process.execPath, ['--conditions=react-server', '--import', 'tsx', 'scripts/db.ts', 'seed'], {
    env: { ...env, DATABASE_URL: url.toString() },
  });
  log('Seeded the demo catalogue');
  return url.toString();
}

export async function runClusterProof(options: {
  env: NodeJS.ProcessEnv;
  runDir: string;
  log: (m: string) => void;
}): Promise<{ passed: number; failed: number }> {
  const { log } = options;
  const checks = new Checks('cluster');
  const runTag = randomBytes(3).toString('hex');
  let cluster: Cluster | undefined;
  let mail: MailCatcher | undefined;
  const figures: string[] = [];
  try {
    requireClusterBinaries(true);
    const databaseUrl = await freshDatabase(options.env, log);
    mail = await startMailCatcher({ dir: join(options.runDir, 'cluster-mail'), log });
    const port = await freePortRun();
    const url = `http://127.0.0.1:${port}`;
    const env: NodeJS.ProcessEnv = {
      ...options.env,
      NODE_ENV: 'production',
      DATABASE_URL: databaseUrl,
      SITE_URL: url,
      SHOP_EMBEDDED: '1',
      SMTP_URL: mail.url,
      // The simulated shoppers name their own address, as a CDN in front of HAProxy would:
      // the balancer keeps it from TRUSTED_FRONT only, and the shop counts that hop and HAProxy's.
      TRUSTED_PROXY_HOPS: '2',
      NEXT_DEPLOYMENT_ID: `cluster-test-${runTag}`,
      NEXT_SERVER_ACTIONS_ENCRYPTION_KEY: randomBytes(32).toString('base64'),
    };
    log('Building the shop for the cluster test…');
    await buildShop(env, DIST_DIR);
    cluster = await startCluster({ port, distDir: DIST_DIR, env, runDir: join(options.runDir, 'cluster'), trustedFronts: [TRUSTED_FRONT], log });
    const ctx: ClusterContext = { cluster, databaseUrl, mailDir: mail.dir, runTag, checks, figures };
    for (const part of [
      cachedPagesFollowWrites,
      rateLimitsAreShared,
      sessionsAreShared,
      bulkUploadAcrossInstances,
      instanceKilledUnderLoad,
      throughputOneAgainstTwo,
    ]) {
      try {
        await part(ctx);
      } catch (error) {
        console.error(error);
        checks.check(`${part.name} ran to the end`, false, String(error));
      }
    }
    if (checks.list.some((c) => !c.ok)) {
      for (const part of [...cluster.instances, cluster.worker]) console.log(`\n[cluster] last lines of ${part.name}:\n${tail(part.logFile, 15)}`);
    }
  } catch (error) {
    console.error(error);
    checks.check('the cluster started', false, String(error));
  } finally {
    await cluster?.stop();
    await mail?.stop();
  }
  if (figures.length) record(figures, checks);
  const failed = checks.list.filter((c) => !c.ok).length;
  return { passed: checks.list.length - failed, failed };
}

function record(figures: string[], checks: Checks) {
  const header = '# Cluster test results\n\nNewest first. Written by `npm run test:cluster` (tests/cluster, Decisions 057).\n';
  const previous = existsSync(RESULTS) ? readFileSync(RESULTS, 'utf8').replace(header, '') : '';
  const failed = checks.list.filter((c) => !c.ok).length;
  const entry = [
    `\n## ${new Date().toISOString().slice(0, 16).replace('T', ' ')} UTC — ${cpus().length} cores, load ${loadavg()[0].toFixed(1)}, ${checks.list.length - failed} checks passed, ${failed} failed`,
    '',
    ...figures.map((f) => `- ${f}`),
    '',
  ].join('\n');
  writeFileSync(RESULTS, header + entry + previous);
}
