// Applying migrations with plain pg, as `prisma migrate deploy` does: in name
// order, one transaction each, recorded in Prisma's _prisma_migrations table
// under Prisma Migrate's own advisory lock. Runs at every start, so it loads
// neither Prisma nor its engine.
import { randomUUID } from 'node:crypto';
import pg from 'pg';
import {
  LOCK_NOT_AVAILABLE,
  LOCK_WAIT,
  type LocalMigration,
  type Log,
  type MigrationRow,
  PRISMA_MIGRATE_LOCK_KEY,
  checksumMatches,
  checksumOf,
  defaultLog,
  readLocalMigrations,
} from './folder';

export async function withClient<T>(databaseUrl: string, work: (client: pg.Client) => Promise<T>): Promise<T> {
  const client = new pg.Client({ connectionString: databaseUrl });
  await client.connect();
  try {
    return await work(client);
  } finally {
    await client.end();
  }
}

async function withMigrateLock<T>(client: pg.Client, work: () => Promise<T>): Promise<T> {
  await client.query(`SELECT set_config('lock_timeout', $1, false)`, [LOCK_WAIT]);
  try {
    await client.query('SELECT pg_advisory_lock($1)', [PRISMA_MIGRATE_LOCK_KEY]);
  } catch (error) {
    if ((error as { code?: string }).code !== LOCK_NOT_AVAILABLE) throw error;
    throw new Error(`Timed out after ${LOCK_WAIT} waiting for another migration run to finish`, { cause: error });
  }
  await client.query('RESET lock_timeout');
  try {
    return await work();
  } finally {
    // On a broken connection this fails harmlessly: the lock dies with the session.
    await client.query('SELECT pg_advisory_unlock($1)', [PRISMA_MIGRATE_LOCK_KEY]).catch(() => {});
  }
}

async function migrationsTableExists(client: pg.Client): Promise<boolean> {
  const { rows } = await client.query<{ present: boolean }>(`SELECT to_regclass('_prisma_migrations') IS NOT NULL AS present`);
  return rows[0]?.present ?? false;
}

export async function readHistory(client: pg.Client): Promise<MigrationRow[]> {
  if (!(await migrationsTableExists(client))) return [];
  const { rows } = await client.query<MigrationRow>(
    `SELECT migration_name, checksum, finished_at, rolled_back_at, started_at, logs
       FROM _prisma_migrations ORDER BY started_at`,
  );
  return rows;
}

// Like Prisma (P3005): a database that already has tables but no migration
// history must be baselined by hand, not have the first migration run over it.
async function assertEmptyOrManaged(client: pg.Client): Promise<void> {
  const { rows } = await client.query<{ name: string }>(
    `SELECT c.relname AS name FROM pg_class c JOIN pg_namespace n ON n.oid = c.relnamespace
      WHERE c.relkind = 'r' AND n.nspname = current_schema() LIMIT 5`,
  );
  if (rows.length > 0) {
    throw new Error(
      `The database schema is not empty (tables: ${rows.map((r) => r.name).join(', ')}) ` +
        'but has no _prisma_migrations table. Baseline it or reset it before deploying migrations.',
    );
  }
}

// Prisma's exact DDL, so Prisma's own engine finds the table it expects.
async function createMigrationsTable(client: pg.Client): Promise<void> {
  await client.query(`CREATE TABLE _prisma_migrations (
    id                      VARCHAR(36) PRIMARY KEY NOT NULL,
    checksum                VARCHAR(64) NOT NULL,
    finished_at             TIMESTAMPTZ,
    migration_name          VARCHAR(255) NOT NULL,
    logs                    TEXT,
    rolled_back_at          TIMESTAMPTZ,
    started_at              TIMESTAMPTZ NOT NULL DEFAULT now(),
    applied_steps_count     INTEGER NOT NULL DEFAULT 0
  )`);
}

async function ensureMigrationsTable(client: pg.Client, local: LocalMigration[]): Promise<void> {
  if (await migrationsTableExists(client)) return;
  if (local.length === 0) return;
  await assertEmptyOrManaged(client);
  await createMigrationsTable(client);
}

const isLive = (row: MigrationRow) => row.rolled_back_at === null;

function assertNoFailedMigration(history: MigrationRow[]): void {
  const failed = history.filter((row) => isLive(row) && row.finished_at === null);
  if (failed.length === 0) return;
  const details = failed.map((row) => `- ${row.migration_name} (started ${row.started_at.toISOString()}): ${row.logs?.trim() ?? 'no logs'}`).join('\n');
  throw new Error(
    `Found failed migrations in the database; nothing was applied.\n${details}\n` +
      'Fix the cause, then mark each as rolled back (`prisma migrate resolve --rolled-back <name>`, or ' +
      `UPDATE _prisma_migrations SET rolled_back_at = now() WHERE migration_name = '<name>' AND finished_at IS NULL) ` +
      'and deploy again.',
  );
}

function assertUnchanged(history: MigrationRow[], local: LocalMigration[]): void {
  const edited = local.filter((migration) =>
    history.some((row) => isLive(row) && row.migration_name === migration.name && !checksumMatches(migration.script, row.checksum)),
  );
  if (edited.length === 0) return;
  throw new Error(
    `These migrations were modified after they were applied (checksum mismatch): ${edited.map((m) => m.name).join(', ')}. ` +
      'Restore the applied migration.sql and put further changes in a new migration.',
  );
}

export function appliedNames(history: MigrationRow[]): Set<string> {
  return new Set(history.filter((row) => isLive(row) && row.finished_at !== null).map((row) => row.migration_name));
}

async function recordFailure(client: pg.Client, migration: LocalMigration, error: unknown): Promise<void> {
  await client.query(
    `INSERT INTO _prisma_migrations (id, checksum, migration_name, logs, started_at, applied_steps_count)
     VALUES ($1, $2, $3, $4, now(), 0)`,
    [randomUUID(), checksumOf(migration.script), migration.name, String(error instanceof Error ? error.message : error)],
  );
}

async function rollBackAndRecord(client: pg.Client, migration: LocalMigration, error: unknown): Promise<void> {
  try {
    await client.query('ROLLBACK');
    await recordFailure(client, migration, error);
  } catch {
    // The connection itself is gone: the server rolled the transaction back and
    // there is nothing left to record with. The caller reports the real cause.
  }
}

// One transaction per migration: a failing script leaves no half-applied
// schema behind. The failure is still recorded the way Prisma records it, so
// that nobody deploys past it without looking.
async function applyMigration(client: pg.Client, migration: LocalMigration): Promise<void> {
  const id = randomUUID();
  await client.query('BEGIN');
  try {
    await client.query(
      `INSERT INTO _prisma_migrations (id, checksum, migration_name, started_at, applied_steps_count)
       VALUES ($1, $2, $3, clock_timestamp(), 0)`,
      [id, checksumOf(migration.script), migration.name],
    );
    await client.query(migration.script);
    await client.query(`UPDATE _prisma_migrations SET finished_at = clock_timestamp(), applied_steps_count = 1 WHERE id = $1`, [id]);
    await client.query('COMMIT');
  } catch (error) {
    await rollBackAndRecord(client, migration, error);
    throw new Error(`Migration ${migration.name} failed and was rolled back: ${error instanceof Error ? error.message : String(error)}`, { cause: error });
  }
}

function warnAboutUnknownMigrations(history: MigrationRow[], local: LocalMigration[], log: Log): void {
  const known = new Set(local.map((m) => m.name));
  const unknown = [...appliedNames(history)].filter((name) => !known.has(name));
  if (unknown.length > 0) log(`Applied in the database but missing from prisma/migrations: ${unknown.join(', ')}`);
}

/**
 * Applies the pending folders of prisma/migrations in name order and returns
 * their names. Refuses when an applied migration was edited or one failed.
 */
export async function deployMigrations(databaseUrl: string, log: Log = defaultLog): Promise<string[]> {
  const local = readLocalMigrations();
  return withClient(databaseUrl, (client) =>
    withMigrateLock(client, async () => {
      await ensureMigrationsTable(client, local);
      const history = await readHistory(client);
      assertNoFailedMigration(history);
      assertUnchanged(history, local);
      warnAboutUnknownMigrations(history, local, log);
      const done = appliedNames(history);
      const applied: string[] = [];
      for (const migration of local.filter((m) => !done.has(m.name))) {
        const started = performance.now();
        await applyMigration(client, migration);
        log(`Applied ${migration.name} in ${Math.round(performance.now() - started)} ms`);
        applied.push(migration.name);
      }
      return applied;
    }),
  );
}

/** Drops the schemas the migrations create (`public`, and pg-boss's `pgboss`), then applies every migration. */
export async function resetDatabase(databaseUrl: string, log: Log = defaultLog): Promise<string[]> {
  if (process.env.NODE_ENV === 'production') {
    throw new Error('Refusing to reset a database with NODE_ENV=production');
  }
  await withClient(databaseUrl, (client) =>
    withMigrateLock(client, async () => {
      await client.query('DROP SCHEMA IF EXISTS pgboss CASCADE');
      await client.query('DROP SCHEMA IF EXISTS public CASCADE');
      await client.query('CREATE SCHEMA public');
    }),
  );
  log('Dropped the pgboss schema and recreated the public schema');
  return deployMigrations(databaseUrl, log);
}
