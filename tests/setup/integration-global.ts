// Integration tests never touch the seeded shop that the API and browser tests
// use. Migrations run once, into a template database; every test file then gets
// a database cloned from it (tests/setup/integration-database.ts), so no file
// sees another's rows and none has to clean up after itself.
import { randomBytes } from 'node:crypto';
import { rmSync } from 'node:fs';
import { join, resolve } from 'node:path';
import pg from 'pg';
import type { TestProject } from 'vitest/node';
import { deployMigrations } from '../../scripts/lib/migrations';
import { startLocalServices, type LocalServices } from '../../scripts/lib/services';

declare module 'vitest' {
  export interface ProvidedContext {
    integrationDatabase: { serverUrl: string; template: string; prefix: string };
  }
}

let services: LocalServices | undefined;
let servicesDir: string | undefined;
let dropDatabases: (() => Promise<void>) | undefined;

async function withAdmin<T>(serverUrl: string, work: (client: pg.Client) => Promise<T>): Promise<T> {
  const client = new pg.Client({ connectionString: serverUrl });
  await client.connect();
  try {
    return await work(client);
  } finally {
    await client.end();
  }
}

export async function setup(project: TestProject) {
  if (!process.env.DATABASE_URL || !process.env.S3_ENDPOINT) {
    const dataDir = resolve('.data', `vitest-${randomBytes(4).toString('hex')}`);
    servicesDir = dataDir;
    services = await startLocalServices({ dataDir: join(dataDir, 'services'), persistent: false, log: () => {} });
    Object.assign(process.env, services.env);
  }
  const serverUrl = process.env.DATABASE_URL as string;
  // Lower-case letters, digits and underscores only: the names go into SQL unquoted.
  const prefix = `it_${randomBytes(4).toString('hex')}`;
  const template = `${prefix}_template`;
  await withAdmin(serverUrl, (client) => client.query(`CREATE DATABASE ${template}`));
  const templateUrl = new URL(serverUrl);
  templateUrl.pathname = `/${template}`;
  // deployMigrations closes its connection: a template with a session open cannot be cloned.
  await deployMigrations(templateUrl.toString(), () => {});
  project.provide('integrationDatabase', { serverUrl, template, prefix });
  dropDatabases = () =>
    withAdmin(serverUrl, async (client) => {
      const { rows } = await client.query<{ datname: string }>(`SELECT datname FROM pg_database WHERE datname LIKE $1`, [`${prefix}\\_%`]);
      for (const { datname } of rows) await client.query(`DROP DATABASE IF EXISTS ${datname} WITH (FORCE)`);
    });
}

export async function teardown() {
  await dropDatabases?.();
  await services?.stop();
  if (servicesDir) rmSync(servicesDir, { recursive: true, force: true });
}
