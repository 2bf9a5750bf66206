// The migration tool against a real, throw-away PostgreSQL: what deploy
// records must be exactly what Prisma Migrate itself would record and accept.
import { randomBytes } from 'node:crypto';
import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startEmbeddedPostgres, type EmbeddedDatabase } from '../../scripts/lib/embedded-postgres.ts';
import { checksumOf, deployMigrations, migrationStatus } from '../../scripts/lib/migrations/index.ts';

const ROOT = fileURLToPath(new URL('../../', import.meta.url));
const MIGRATIONS_DIR = join(ROOT, 'prisma', 'migrations');

const folders = readdirSync(MIGRATIONS_DIR, { withFileTypes: true })
  .filter((entry) => entry.isDirectory())
  .map((entry) => entry.name)
  .sort();

const quiet = () => {};

let database: EmbeddedDatabase;
let client: pg.Client;

async function query<T extends pg.QueryResultRow>(sql: string, values: unknown[] = []): Promise<T[]> {
  return (await client.query<T>(sql, values)).rows;
}

// A second database in the same cluster, for tests that need a fresh one.
async function freshDatabaseUrl(): Promise<string> {
  const name = `fresh_${randomBytes(4).toString('hex')}`;
  await client.query(`CREATE DATABASE ${name}`);
  const url = new URL(database.url);
  url.pathname = `/${name}`;
  return url.toString();
}

beforeAll(async () => {
  // Under the project (not /tmp or /root): the postgres user must be able to read it.
  database = await startEmbeddedPostgres({
    dataDir: join(ROOT, '.data', `test-migrations-${randomBytes(4).toString('hex')}`),
    persistent: false,
    log: quiet,
  });
  client = new pg.Client({ connectionString: database.url });
  await client.connect();
}, 30_000);

afterAll(async () => {
  await client?.end();
  await database?.stop();
});

describe('deployMigrations', () => {
  it('applies every migration folder and records it as Prisma does', async () => {
    expect(folders.length).toBeGreaterThan(0);
    const applied = await deployMigrations(database.url, quiet);
    expect(applied).toEqual(folders);

    const rows = await query<{
      migration_name: string;
      checksum: string;
      finished_at: Date | null;
      rolled_back_at: Date | null;
      applied_steps_count: number;
      logs: string | null;
    }>('SELECT * FROM _prisma_migrations ORDER BY started_at');
    expect(rows.map((row) => row.migration_name)).toEqual(folders);
    for (const row of rows) {
      const script = readFileSync(join(MIGRATIONS_DIR, row.migration_name, 'migration.sql'), 'utf8');
      expect(row.checksum).toBe(checksumOf(script));
      expect(row.checksum).toMatch(/^[0-9a-f]{64}$/);
      expect(row.finished_at).toBeInstanceOf(Date);
      expect(row.rolled_back_at).toBeNull();
      expect(row.applied_steps_count).toBe(1);
      expect(row.logs).toBeNull();
    }
  });

  it('applies nothing the second time', async () => {
    expect(await deployMigrations(database.url, quiet)).toEqual([]);
    const [{ count }] = await query<{ count: string }>('SELECT count(*) FROM _prisma_migrations');
    expect(Number(count)).toBe(folders.length);
  });

  it('creates the pg_trgm extension and the trigram index on product titles', async () => {
    expect(await query(`SELECT 1 FROM pg_extension WHERE extname = 'pg_trgm'`)).toHaveLength(1);
    const [index] = await query<{ indexdef: string }>(`SELECT indexdef FROM pg_indexes WHERE indexname = 'Product_title_trgm_idx'`);
    expect(index?.indexdef).toMatch(/USING gin \("?title"? gin_trgm_ops\)/);
  });

  it('lets concurrent deploys of a fresh database apply each migration once', async () => {
    const url = await freshDatabaseUrl();
    const results = await Promise.all([deployMigrations(url, quiet), deployMigrations(url, quiet)]);
    expect(results.flat().sort()).toEqual(folders);
  });

  it('refuses a database with tables but no migration history', async () => {
    const url = await freshDatabaseUrl();
    const other = new pg.Client({ connectionString: url });
    await other.connect();
    await other.query('CREATE TABLE legacy (id int)');
    await other.end();
    await expect(deployMigrations(url, quiet)).rejects.toThrow(/not empty/);
  });
});

describe('migrationStatus', () => {
  it('finds the migrations in sync with schema.prisma and Prisma content with the history', async () => {
    const status = await migrationStatus(database.url);
    expect(status).toMatchObject({ applied: folders, pending: [], edited: [], failed: [], schemaDiff: '' });
    expect(status.schemaInSync).toBe(true);
  }, 20_000);
});

describe('a damaged history', () => {
  const first = folders[0];

  it('refuses to deploy when an applied migration no longer matches its checksum', async () => {
    await client.query(`UPDATE _prisma_migrations SET checksum = $1 WHERE migration_name = $2`, ['0'.repeat(64), first]);
    try {
      await expect(deployMigrations(database.url, quiet)).rejects.toThrow(/checksum mismatch.*init/);
      expect((await migrationStatus(database.url)).edited).toEqual([first]);
    } finally {
      await client.query(`UPDATE _prisma_migrations SET checksum = $1 WHERE migration_name = $2`, [
        checksumOf(readFileSync(join(MIGRATIONS_DIR, first, 'migration.sql'), 'utf8')),
        first,
      ]);
    }
  }, 20_000);

  it('refuses to deploy past a failed migration', async () => {
    await client.query(
      `INSERT INTO _prisma_migrations (id, checksum, migration_name, logs, started_at, applied_steps_count)
       VALUES ('failed-row', $1, '99990101000000_failed', 'boom', now(), 0)`,
      ['0'.repeat(64)],
    );
    try {
      await expect(deployMigrations(database.url, quiet)).rejects.toThrow(/failed migrations[\s\S]*boom/);
    } finally {
      await client.query(`DELETE FROM _prisma_migrations WHERE id = 'failed-row'`);
    }
  });
});
