// Integration tests get a database and buckets of their own, fresh each run,
// so they never disturb the seeded shop that the API and browser tests use.
import { randomBytes } from 'node:crypto';
import { rmSync } from 'node:fs';
import { join, resolve } from 'node:path';
import pg from 'pg';
import { deployMigrations } from '../../scripts/lib/migrations';
import { startLocalServices, type LocalServices } from '../../scripts/lib/services';

let services: LocalServices | undefined;
let servicesDir: string | undefined;
let dropDatabase: (() => Promise<void>) | undefined;

export async function setup() {
  if (!process.env.DATABASE_URL || !process.env.S3_ENDPOINT) {
    const dataDir = resolve('.data', `vitest-${randomBytes(4).toString('hex')}`);
    servicesDir = dataDir;
    services = await startLocalServices({ dataDir: join(dataDir, 'services'), persistent: false, log: () => {} });
    Object.assign(process.env, services.env);
  }
  const suffix = randomBytes(4).toString('hex');
  const base = new URL(process.env.DATABASE_URL as string);
  const name = `it_${suffix}`;
  const admin = new pg.Client({ connectionString: base.toString() });
  await admin.connect();
  await admin.query(`CREATE DATABASE ${name}`);
  await admin.end();
  const url = new URL(base);
  url.pathname = `/${name}`;
  await deployMigrations(url.toString(), () => {});
  process.env.DATABASE_URL = url.toString();
  process.env.S3_BUCKET = `it-files-${suffix}`;
  process.env.S3_PUBLIC_BUCKET = `it-public-${suffix}`;
  dropDatabase = async () => {
    const client = new pg.Client({ connectionString: base.toString() });
    await client.connect();
    await client.query(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`);
    await client.end();
  };
}

export async function teardown() {
  await dropDatabase?.();
  await services?.stop();
  if (servicesDir) rmSync(servicesDir, { recursive: true, force: true });
}
