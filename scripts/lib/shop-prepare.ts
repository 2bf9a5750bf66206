// What `npm start` and `npm run cluster` do before serving: apply migrations,
// seed the demo catalogue once, and build when the sources, database, site URL,
// storage origin or deployment settings changed since the last build in `distDir`.
import { existsSync, readFileSync, readdirSync, statSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { storageUploadOrigin } from '../../lib/http/security-headers';
import { buildShop } from './build';
import { deployMigrations } from './migrations';

type Options = {
  /** Environment of the shop's processes (and of the build). */
  env: NodeJS.ProcessEnv;
  distDir: string;
  /** Seeds the demo catalogue (once) into this database. */
  seed: boolean;
  build: boolean;
  log: (message: string) => void;
};

export async function prepareShop({ env, distDir, seed, build, log }: Options): Promise<void> {
  const applied = await deployMigrations(env.DATABASE_URL as string, log);
  if (applied.length) log(`Applied migrations: ${applied.join(', ')}`);

  if (seed) {
    const { seedDemoCatalogue } = await import('../../prisma/seed');
    const { seeded } = await seedDemoCatalogue();
    if (seeded) log('Seeded the demo catalogue');
  }

  if (build && (await needsBuild(env, distDir))) {
    log('Building the shop (first start or changed sources)…');
    await buildShop(env, distDir);
    await recordBuild(env, distDir);
  }
}

/** Marks the build in `distDir` as made with `env`, so `npm start` with the same settings serves it. */
export async function recordBuild(env: NodeJS.ProcessEnv, distDir: string): Promise<void> {
  writeFileSync(join(distDir, 'shop-build.json'), JSON.stringify(await buildStamp(env)));
}

async function instanceId(): Promise<string> {
  const { db } = await import('../../lib/infra/db');
  const row = await db().setting.findUnique({ where: { key: 'instance_id' } });
  return row?.value ?? '';
}

// What a build depends on besides its sources: pages are prerendered from the
// database, SITE_URL is baked into canonical URLs and the HSTS header, the
// storage origin into the CSP (uploads go there, Decision 070), and the
// deployment id and Server Actions key are compiled in (every instance of a
// cluster must run a build made with the same ones).
async function buildStamp(env: NodeJS.ProcessEnv) {
  return {
    instanceId: await instanceId(),
    siteUrl: env.SITE_URL ?? '',
    storageOrigin: storageUploadOrigin(env),
    deploymentId: env.NEXT_DEPLOYMENT_ID ?? '',
    actionsKey: env.NEXT_SERVER_ACTIONS_ENCRYPTION_KEY ?? '',
  };
}

// A build made against another database, site URL, deployment or older sources must not be served.
export async function needsBuild(env: NodeJS.ProcessEnv, distDir: string): Promise<boolean> {
  const buildId = join(distDir, 'BUILD_ID');
  const stamp = join(distDir, 'shop-build.json');
  if (!existsSync(buildId) || !existsSync(stamp)) return true;
  const built = JSON.parse(readFileSync(stamp, 'utf8')) as Partial<Awaited<ReturnType<typeof buildStamp>>>;
  const wanted = await buildStamp(env);
  if ((Object.keys(wanted) as (keyof typeof wanted)[]).some((key) => (built[key] ?? '') !== wanted[key])) return true;
  const builtAt = statSync(buildId).mtimeMs;
  return ['app', 'components', 'lib', 'public', 'middleware.ts', 'next.config.ts', 'package-lock.json'].some((p) => newerThan(p, builtAt));
}

function newerThan(path: string, time: number): boolean {
  if (!existsSync(path)) return false;
  const stat = statSync(path);
  if (!stat.isDirectory()) return stat.mtimeMs > time;
  return readdirSync(path).some((entry) => entry !== 'generated' && newerThan(join(path, entry), time));
}
