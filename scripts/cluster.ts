// `npm run cluster`: the shop as it scales out, on this machine (issue #16 §2,
// Decisions 056). HAProxy on PORT (default 3000) balancing two `server.mjs`
// instances on PORT+1 and PORT+2, the standalone worker, Redis as the shared
// cache, and the embedded Postgres and S3 server unless DATABASE_URL /
// S3_ENDPOINT are set. Builds once into .next-cluster when needed. Ctrl-C or
// SIGTERM stops everything it started. Needs Debian's redis-server and haproxy
// (`apt-get install -y redis-server haproxy`); installs nothing itself.
//   npm run cluster
//   PORT=8080 REDIS_PORT=6390 npm run cluster
//   REDIS_URL=redis://cache:6379 DATABASE_URL=… S3_ENDPOINT=… npm run cluster
//   TRUSTED_FRONT=10.0.0.5 npm run cluster   (a TLS terminator in front: its X-Forwarded-For is kept, 2 hops)
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { exitIfInvalidEnvironment, parseEnv } from '../lib/env';
import { deploymentKeys, requireClusterBinaries, startCluster, type Cluster } from './lib/cluster';
import { tail } from './lib/processes';
import { startLocalServices } from './lib/services';
import { prepareShop } from './lib/shop-prepare';

const port = Number(process.env.PORT ?? '3000');
const dataDir = process.env.DATA_DIR ?? '.data';
// Its own build folder: the cluster's build carries a deployment id and key that `npm start`'s does not.
const distDir = process.env.NEXT_DIST_DIR ?? '.next-cluster';
const log = (message: string) => console.log(`[cluster] ${message}`);
// The one front whose X-Forwarded-For the balancer keeps (addresses or CIDRs); none by default.
const trustedFronts = (process.env.TRUSTED_FRONT ?? '').split(/\s+/).filter(Boolean);

if (!Number.isInteger(port) || port < 1 || port > 65533) {
  console.error('[cluster] PORT must be a port number (the instances use PORT+1 and PORT+2)');
  process.exit(1);
}
try {
  requireClusterBinaries(!process.env.REDIS_URL);
} catch (error) {
  console.error(`[cluster] ${(error as Error).message}`);
  process.exit(1);
}
const userSetDatabase = Boolean(process.env.DATABASE_URL);
exitIfInvalidEnvironment(() => parseEnv({ ...process.env, NODE_ENV: 'production' }));

const runDir = mkdtempSync(join(tmpdir(), 'shop-cluster-'));
// On 'exit', because the embedded Postgres's exit hook may end the process before shutdown() does.
process.on('exit', () => rmSync(runDir, { recursive: true, force: true }));
// A site under its own name uploads to the embedded storage from that origin (loopback ones are always allowed).
const services = await startLocalServices({ dataDir, persistent: true, log, corsOrigins: process.env.SITE_URL ? [new URL(process.env.SITE_URL).origin] : [] });
Object.assign(process.env, services.env);
const env: NodeJS.ProcessEnv = {
  ...process.env,
  ...services.env,
  SITE_URL: process.env.SITE_URL ?? `http://localhost:${port}`,
  // HAProxy writes the shopper's address (Decisions 072); each instance trusts that hop, and the front's when there is one.
  TRUSTED_PROXY_HOPS: process.env.TRUSTED_PROXY_HOPS ?? (trustedFronts.length ? '2' : '1'),
  ...deploymentKeys(join(dataDir, 'cluster-keys.json'), process.env),
  ...(services.embeddedDatabase ? { SHOP_EMBEDDED: '1' } : {}),
};
Object.assign(process.env, env);

let cluster: Cluster | undefined;
let stopping = false;
async function shutdown(code: number) {
  if (stopping) return;
  stopping = true;
  log('stopping…');
  cluster?.terminate();
  await cluster?.stop();
  await services.stop();
  process.exit(code);
}
process.on('SIGINT', () => void shutdown(0));
process.on('SIGTERM', () => void shutdown(0));

try {
  await prepareShop({ env, distDir, seed: !userSetDatabase || process.env.SEED_DEMO === '1', build: true, log });
  cluster = await startCluster({
    port,
    distDir,
    env,
    runDir,
    redisUrl: process.env.REDIS_URL || undefined,
    redisPort: process.env.REDIS_PORT ? Number(process.env.REDIS_PORT) : undefined,
    trustedFronts,
    log,
  });
  log(`Shop at http://localhost:${port}  (admin: /admin/login); Ctrl-C stops the cluster`);
  if (services.embeddedDatabase && !process.env.ADMIN_PASSWORD) log('Demo admin login: admin / admin');
  // Any part dying on its own ends the cluster, rather than leaving a half-working one.
  for (const part of [...cluster.instances, cluster.worker]) {
    void part.exited.then((how) => {
      if (!stopping) {
        console.error(`[cluster] ${part.name} exited (${how}); its last lines:\n${tail(part.logFile)}`);
        void shutdown(1);
      }
    });
  }
} catch (error) {
  console.error(error);
  await shutdown(1);
}
