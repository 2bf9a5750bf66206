// The shop as several processes on one machine (issue #16 §2, Decisions 056):
// Redis, two `server.mjs` instances on PORT+1 and PORT+2 sharing one build,
// one deployment id, one Server Actions key and the Redis cache, the standalone
// worker, and HAProxy on PORT in front. Used by `npm run cluster` and by its
// test (the `cluster` runner of `npm test`).
import type { ChildProcess } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { existsSync, mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { startBalancer, HAPROXY_BIN, SHUTDOWN_DRAIN_MS, type Balancer } from './balancer';
import { startShop, startWorker, waitForShop, tail, type Managed } from './processes';
import { REDIS_BIN, requireBinary, startRedis, type LocalRedis } from './redis-server';

export type Instance = Managed & { url: string; port: number };

export type Cluster = {
  /** The balancer's address: what shoppers use. */
  url: string;
  instances: Instance[];
  worker: Managed;
  redis: LocalRedis | null;
  redisUrl: string;
  balancer: Balancer;
  /** Starts the named instance again after it was stopped or killed. */
  restart: (index: number) => Promise<Instance>;
  /**
   * Sends SIGTERM to every process of the cluster at once, synchronously: the embedded
   * Postgres's exit hook ends this process on SIGINT/SIGTERM before an async stop could finish,
   * and each part stops cleanly on its own signal.
   */
  terminate: () => void;
  stop: () => Promise<void>;
};

export type DeploymentKeys = { NEXT_DEPLOYMENT_ID: string; NEXT_SERVER_ACTIONS_ENCRYPTION_KEY: string };

/** Fails before anything starts when a Debian package is missing, naming it. */
export function requireClusterBinaries(needRedis: boolean): void {
  if (needRedis) requireBinary(REDIS_BIN, 'redis-server');
  requireBinary(HAPROXY_BIN, 'haproxy');
}

/**
 * The deployment id and Server Actions key every instance's build shares: the
 * ones in the environment when set (production sets them at build time), else
 * generated once and kept in `file`, so a restart reuses the same build.
 */
export function deploymentKeys(file: string, env: NodeJS.ProcessEnv): DeploymentKeys {
  const kept: Partial<DeploymentKeys> = existsSync(file) ? JSON.parse(readFileSync(file, 'utf8')) : {};
  const keys: DeploymentKeys = {
    NEXT_DEPLOYMENT_ID: env.NEXT_DEPLOYMENT_ID || kept.NEXT_DEPLOYMENT_ID || `local-${randomBytes(6).toString('hex')}`,
    NEXT_SERVER_ACTIONS_ENCRYPTION_KEY: env.NEXT_SERVER_ACTIONS_ENCRYPTION_KEY || kept.NEXT_SERVER_ACTIONS_ENCRYPTION_KEY || randomBytes(32).toString('base64'),
  };
  if (keys.NEXT_DEPLOYMENT_ID !== kept.NEXT_DEPLOYMENT_ID || keys.NEXT_SERVER_ACTIONS_ENCRYPTION_KEY !== kept.NEXT_SERVER_ACTIONS_ENCRYPTION_KEY) {
    writeFileSync(file, JSON.stringify(keys), { mode: 0o600 });
  }
  return keys;
}

/**
 * Starts Redis (unless `redisUrl` is given), the worker, two instances and the
 * balancer, on an already built `distDir` whose build used `env`'s deployment
 * keys. `env` is the shop's environment (database, storage, SITE_URL, keys).
 */
export async function startCluster(options: {
  port: number;
  distDir: string;
  env: NodeJS.ProcessEnv;
  /** Temp folder for Redis, HAProxy's config and every process's log. */
  runDir: string;
  redisUrl?: string;
  redisPort?: number;
  /** Addresses whose X-Forwarded-For the balancer keeps (a CDN or TLS terminator in front); none by default. */
  trustedFronts?: string[];
  log: (message: string) => void;
}): Promise<Cluster> {
  const { port, distDir, runDir, log } = options;
  mkdirSync(runDir, { recursive: true });
  const started: { stop: () => Promise<unknown> }[] = [];
  const processes: ChildProcess[] = [];
  const stopAll = async () => {
    for (const part of started.reverse()) await part.stop().catch((error) => console.error('Failed to stop part of the cluster:', error));
    started.length = 0;
  };
  try {
    const redis = options.redisUrl ? null : await startRedis({ dir: join(runDir, 'redis'), port: options.redisPort, log });
    if (redis) {
      started.push(redis);
      processes.push(redis.process);
    }
    const redisUrl = options.redisUrl ?? (redis as LocalRedis).url;
    const env: NodeJS.ProcessEnv = { ...options.env, NODE_ENV: 'production', REDIS_URL: redisUrl };

    const worker = startWorker({ env, logFile: join(runDir, 'worker.log') });
    started.push(worker);
    processes.push(worker.proc);
    const webEnv: NodeJS.ProcessEnv = { ...env, SHOP_DISABLE_WORKER: '1' };
    const startInstance = (index: number): Instance => {
      const instancePort = port + 1 + index;
      const name = `web-${'ab'[index]}`;
      const shop = startShop({ name, port: instancePort, distDir, env: webEnv, logFile: join(runDir, `${name}.log`), drainMs: SHUTDOWN_DRAIN_MS });
      processes.push(shop.proc);
      return { ...shop, port: instancePort };
    };
    const instances = [startInstance(0), startInstance(1)];
    // Stopped after the balancer (parts stop in reverse): nobody is left to drain for, so SIGINT, not SIGTERM.
    const stopWithoutDrain = (instance: Instance) => ({ stop: () => instance.stop('SIGINT') });
    started.push(...instances.map(stopWithoutDrain));
    for (const instance of instances) {
      await waitForShop(instance.url).catch((error) => {
        throw new Error(`${instance.name} did not start: ${error.message}\n${tail(instance.logFile)}`);
      });
    }
    const balancer = await startBalancer({
      port,
      dir: join(runDir, 'balancer'),
      trustedFronts: options.trustedFronts,
      backends: instances.map((i) => ({ name: i.name, address: `127.0.0.1:${i.port}` })),
    });
    started.push(balancer);
    processes.push(balancer.process);
    await waitForShop(balancer.url, 20_000);
    log(
      `Balancer (HAProxy) on ${balancer.url} → ${instances.map((i) => i.url).join(', ')}; worker and Redis (${new URL(redisUrl).host}) running; logs in ${runDir}`,
    );

    const cluster: Cluster = {
      url: balancer.url,
      instances,
      worker,
      redis,
      redisUrl,
      balancer,
      restart: async (index) => {
        const instance = startInstance(index);
        started.push(stopWithoutDrain(instance));
        cluster.instances[index] = instance;
        await waitForShop(instance.url);
        return instance;
      },
      terminate: () => {
        for (const child of processes) if (child.exitCode === null && child.signalCode === null) child.kill('SIGTERM');
      },
      stop: stopAll,
    };
    return cluster;
  } catch (error) {
    await stopAll();
    throw error;
  }
}
