// `npm start` (and `npm run dev` with --dev): the whole shop on one command.
// Starts the embedded services when their variables are unset, applies
// migrations, seeds the demo catalogue once, builds when needed and serves
// with Next. Ctrl-C / SIGTERM stop Next and the services together.
import { spawn, type ChildProcess } from 'node:child_process';
import { existsSync, readFileSync, statSync, writeFileSync, readdirSync } from 'node:fs';
import { join } from 'node:path';
import { exitIfInvalidEnvironment, parseEnv } from '../lib/env';
import { buildShop, NEXT_BIN, shopServerCommand } from './lib/build';
import { deployMigrations } from './lib/migrations';
import { startLocalServices } from './lib/services';

const dev = process.argv.includes('--dev');
const port = process.env.PORT ?? '3000';
const dataDir = process.env.DATA_DIR ?? '.data';
const distDir = process.env.NEXT_DIST_DIR ?? '.next';

function log(message: string) {
  console.log(`[shop] ${message}`);
}

// Refuse a misconfigured deployment (demo secrets, no Stripe keys, http) before
// starting or connecting to anything, with the one message that names every variable.
const userSetDatabase = Boolean(process.env.DATABASE_URL);
exitIfInvalidEnvironment(() => parseEnv({ ...process.env, NODE_ENV: dev ? 'development' : 'production' }));

const services = await startLocalServices({ dataDir, persistent: true, log });
Object.assign(process.env, services.env);
const childEnv: NodeJS.ProcessEnv = {
  ...process.env,
  ...services.env,
  SITE_URL: process.env.SITE_URL ?? `http://localhost:${port}`,
  ...(services.embeddedDatabase ? { SHOP_EMBEDDED: '1' } : {}),
};
Object.assign(process.env, childEnv);

let child: ChildProcess | undefined;
let stopping = false;

async function shutdown(code: number) {
  if (stopping) return;
  stopping = true;
  if (child && child.exitCode === null) {
    child.kill('SIGTERM');
    await new Promise((r) => child?.once('exit', r));
  }
  await services.stop();
  process.exit(code);
}
process.on('SIGINT', () => void shutdown(0));
process.on('SIGTERM', () => void shutdown(0));

try {
  const applied = await deployMigrations(process.env.DATABASE_URL as string, log);
  if (applied.length) log(`Applied migrations: ${applied.join(', ')}`);

  if (!userSetDatabase || process.env.SEED_DEMO === '1') {
    const { seedDemoCatalogue } = await import('../prisma/seed');
    const { seeded } = await seedDemoCatalogue();
    if (seeded) log('Seeded the demo catalogue');
  }

  if (!dev && (await needsBuild())) {
    log('Building the shop (first start or changed sources)…');
    await buildShop(childEnv, distDir);
    writeFileSync(join(distDir, 'shop-build.json'), JSON.stringify(await buildStamp()));
  }

  log(`Shop at http://localhost:${port}  (admin: /admin/login)`);
  if (services.embeddedDatabase && !process.env.ADMIN_PASSWORD) log('Demo admin login: admin / admin');
  // `npm run dev` stays plain `next dev`: a development server faces no client that would spoof X-Forwarded-For.
  const [command, args] = dev ? [NEXT_BIN, ['dev', '-p', port]] : shopServerCommand(port);
  child = spawn(command, args, { stdio: 'inherit', env: childEnv });
  child.on('exit', (code) => void shutdown(code ?? 0));
} catch (error) {
  console.error(error);
  await shutdown(1);
}

async function instanceId(): Promise<string> {
  const { db } = await import('../lib/infra/db');
  const row = await db().setting.findUnique({ where: { key: 'instance_id' } });
  return row?.value ?? '';
}

// What a build depends on besides its sources: pages are prerendered from the
// database, and SITE_URL is baked into canonical URLs and the HSTS header.
async function buildStamp(): Promise<{ instanceId: string; siteUrl: string }> {
  return { instanceId: await instanceId(), siteUrl: childEnv.SITE_URL ?? '' };
}

// A build made against another database, site URL or older sources must not be served.
async function needsBuild(): Promise<boolean> {
  const buildId = join(distDir, 'BUILD_ID');
  const stamp = join(distDir, 'shop-build.json');
  if (!existsSync(buildId) || !existsSync(stamp)) return true;
  const built = JSON.parse(readFileSync(stamp, 'utf8')) as Partial<Awaited<ReturnType<typeof buildStamp>>>;
  const wanted = await buildStamp();
  if (built.instanceId !== wanted.instanceId || built.siteUrl !== wanted.siteUrl) return true;
  const builtAt = statSync(buildId).mtimeMs;
  return ['app', 'components', 'lib', 'public', 'middleware.ts', 'next.config.ts', 'package-lock.json'].some((p) => newerThan(p, builtAt));
}

function newerThan(path: string, time: number): boolean {
  if (!existsSync(path)) return false;
  const stat = statSync(path);
  if (!stat.isDirectory()) return stat.mtimeMs > time;
  return readdirSync(path).some((entry) => entry !== 'generated' && newerThan(join(path, entry), time));
}
