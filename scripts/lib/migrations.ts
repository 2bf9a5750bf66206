// Prisma Migrate without Prisma's native schema engine, which these machines
// cannot download. Applying migrations is plain `pg` (it runs at every start);
// computing them uses Prisma's official WebAssembly schema engine. Everything
// stays in Prisma's own format (prisma/migrations/<name>/migration.sql and the
// _prisma_migrations table), so `prisma migrate deploy/status` accept the same
// folder and database wherever the native engine is available.
import { createHash, randomUUID } from 'node:crypto';
import { existsSync, mkdirSync, readdirSync, readFileSync, writeFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import pg from 'pg';
import type {
  ColumnType,
  ConnectionInfo,
  IsolationLevel,
  SqlDriverAdapter,
  SqlMigrationAwareDriverAdapterFactory,
  SqlQuery,
  SqlResultSet,
  Transaction,
} from '@prisma/driver-adapter-utils';
import type {
  MigrationList,
  SchemaEngine,
  SchemaFilter,
  SchemasContainer,
} from '@prisma/schema-engine-wasm';

export type Log = (message: string) => void;

export type MigrationStatus = {
  applied: string[];
  pending: string[];
  /** Per Prisma's own engine: applied migrations whose migration.sql changed since. */
  edited: string[];
  /** Per Prisma's own engine: migrations recorded as failed and not rolled back. */
  failed: string[];
  /** True when the migrations folder fully describes prisma/schema.prisma. */
  schemaInSync: boolean;
  /** The SQL a new migration would contain; empty when in sync. */
  schemaDiff: string;
};

export type CreateMigrationOptions = {
  log?: Log;
  /**
   * 'refuse' throws before writing anything when the new migration would lose
   * data in this database; 'warn' (the default) writes it and logs the warnings.
   */
  onDataLoss?: 'warn' | 'refuse';
};

type LocalMigration = { name: string; script: string };

type MigrationRow = {
  migration_name: string;
  checksum: string;
  finished_at: Date | null;
  rolled_back_at: Date | null;
  started_at: Date;
  logs: string | null;
};

const ROOT = fileURLToPath(new URL('../../', import.meta.url));
const SCHEMA_PATH = join(ROOT, 'prisma', 'schema.prisma');
const MIGRATIONS_DIR = join(ROOT, 'prisma', 'migrations');
const SCRIPT_FILE = 'migration.sql';
const LOCK_FILE = 'migration_lock.toml';
const PROVIDER = 'postgresql';

// Prisma Migrate's own advisory lock key: holding the same one keeps this tool
// and a real `prisma migrate deploy` from running against each other.
const PRISMA_MIGRATE_LOCK_KEY = 72707369;
const LOCK_WAIT = '60s';
const LOCK_NOT_AVAILABLE = '55P03';

const NO_FILTER: SchemaFilter = { externalTables: [], externalEnums: [] };

const defaultLog: Log = (message) => console.log(`[migrate] ${message}`);

// ---------------------------------------------------------------------------
// Migrations folder

function readLocalMigrations(): LocalMigration[] {
  if (!existsSync(MIGRATIONS_DIR)) return [];
  return readdirSync(MIGRATIONS_DIR, { withFileTypes: true })
    .filter((entry) => entry.isDirectory())
    .map((entry) => entry.name)
    // The order Prisma's CLI hands the folders to its engine.
    .sort((a, b) => a.localeCompare(b))
    .map((name) => {
      const file = join(MIGRATIONS_DIR, name, SCRIPT_FILE);
      if (!existsSync(file)) throw new Error(`Migration folder ${name} has no ${SCRIPT_FILE}`);
      return { name, script: readFileSync(file, 'utf8') };
    });
}

export function checksumOf(script: string): string {
  return createHash('sha256').update(script, 'utf8').digest('hex');
}

// Git may rewrite line endings on checkout; Prisma accepts a checksum taken
// with either ending, so this does too.
function checksumMatches(script: string, checksum: string): boolean {
  const variants = [script, script.replace(/\r\n/g, '\n'), script.replace(/\r?\n/g, '\r\n')];
  return variants.some((variant) => checksumOf(variant) === checksum);
}

function readLockfileContent(): string | null {
  const file = join(MIGRATIONS_DIR, LOCK_FILE);
  return existsSync(file) ? readFileSync(file, 'utf8') : null;
}

function migrationList(): MigrationList {
  return {
    baseDir: MIGRATIONS_DIR,
    lockfile: { path: LOCK_FILE, content: readLockfileContent() },
    shadowDbInitScript: '',
    migrationDirectories: readLocalMigrations().map(({ name, script }) => ({
      path: name,
      migrationFile: { path: SCRIPT_FILE, content: { tag: 'ok', value: script } },
    })),
  };
}

function schemaFiles(): SchemasContainer {
  return { files: [{ path: SCHEMA_PATH, content: readFileSync(SCHEMA_PATH, 'utf8') }] };
}

function writeMigration(name: string, script: string): void {
  const folder = join(MIGRATIONS_DIR, name);
  if (existsSync(folder)) throw new Error(`The migration folder ${folder} already exists`);
  mkdirSync(folder, { recursive: true });
  writeFileSync(join(folder, SCRIPT_FILE), script);
  if (readLockfileContent() === null) {
    writeFileSync(
      join(MIGRATIONS_DIR, LOCK_FILE),
      `# Please do not edit this file manually\n# It should be added in your version-control system (e.g., Git)\nprovider = "${PROVIDER}"\n`,
    );
  }
}

// ---------------------------------------------------------------------------
// Applying migrations with plain pg

async function withClient<T>(databaseUrl: string, work: (client: pg.Client) => Promise<T>): Promise<T> {
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
  const { rows } = await client.query<{ present: boolean }>(
    `SELECT to_regclass('_prisma_migrations') IS NOT NULL AS present`,
  );
  return rows[0]?.present ?? false;
}

async function readHistory(client: pg.Client): Promise<MigrationRow[]> {
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
  const details = failed
    .map((row) => `- ${row.migration_name} (started ${row.started_at.toISOString()}): ${row.logs?.trim() ?? 'no logs'}`)
    .join('\n');
  throw new Error(
    `Found failed migrations in the database; nothing was applied.\n${details}\n` +
      'Fix the cause, then mark each as rolled back (`prisma migrate resolve --rolled-back <name>`, or ' +
      `UPDATE _prisma_migrations SET rolled_back_at = now() WHERE migration_name = '<name>' AND finished_at IS NULL) ` +
      'and deploy again.',
  );
}

function assertUnchanged(history: MigrationRow[], local: LocalMigration[]): void {
  const edited = local.filter((migration) =>
    history.some(
      (row) => isLive(row) && row.migration_name === migration.name && !checksumMatches(migration.script, row.checksum),
    ),
  );
  if (edited.length === 0) return;
  throw new Error(
    `These migrations were modified after they were applied (checksum mismatch): ${edited.map((m) => m.name).join(', ')}. ` +
      'Restore the applied migration.sql and put further changes in a new migration.',
  );
}

function appliedNames(history: MigrationRow[]): Set<string> {
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
    await client.query(
      `UPDATE _prisma_migrations SET finished_at = clock_timestamp(), applied_steps_count = 1 WHERE id = $1`,
      [id],
    );
    await client.query('COMMIT');
  } catch (error) {
    await rollBackAndRecord(client, migration, error);
    throw new Error(
      `Migration ${migration.name} failed and was rolled back: ${error instanceof Error ? error.message : String(error)}`,
      { cause: error },
    );
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

/** Drops and recreates the `public` schema, then applies every migration. */
export async function resetDatabase(databaseUrl: string, log: Log = defaultLog): Promise<string[]> {
  if (process.env.NODE_ENV === 'production') {
    throw new Error('Refusing to reset a database with NODE_ENV=production');
  }
  await withClient(databaseUrl, (client) =>
    withMigrateLock(client, async () => {
      await client.query('DROP SCHEMA IF EXISTS public CASCADE');
      await client.query('CREATE SCHEMA public');
    }),
  );
  log('Dropped and recreated the public schema');
  return deployMigrations(databaseUrl, log);
}

// ---------------------------------------------------------------------------
// Prisma's WebAssembly schema engine

type EngineModules = {
  SchemaEngine: typeof SchemaEngine;
  PrismaPg: typeof import('@prisma/adapter-pg').PrismaPg;
  bindMigrationAwareSqlAdapterFactory: typeof import('@prisma/driver-adapter-utils').bindMigrationAwareSqlAdapterFactory;
  characterColumn: ColumnType;
};

const OID_INTERNAL_CHAR = 18;
const OID_TEXT = 25;

type PgResultPart = { fields?: { dataTypeID: number }[]; rows?: unknown[] };

// Which columns of a result were Postgres' one-byte `"char"` type, keyed by
// the rows array that adapter-pg passes through unchanged.
const internalCharColumns = new WeakMap<object, number[]>();

// The engine's catalog queries return `"char"` columns (pg_class.relkind,
// pg_constraint.contype, ...), which adapter-pg 7.10.1 rejects as an
// unsupported type. pg already returns them as strings: label them `text` so
// adapter-pg accepts them, and remember them so EngineAdapter can tell the
// engine they are characters, the type its describer reads them as.
function relabelInternalChar(result: unknown): unknown {
  for (const part of (Array.isArray(result) ? result : [result]) as (PgResultPart | null)[]) {
    const columns: number[] = [];
    part?.fields?.forEach((field, index) => {
      if (field.dataTypeID !== OID_INTERNAL_CHAR) return;
      field.dataTypeID = OID_TEXT;
      columns.push(index);
    });
    if (columns.length > 0 && part?.rows) internalCharColumns.set(part.rows, columns);
  }
  return result;
}

class CatalogFriendlyClient extends pg.Client {
  // pg's query() has promise, callback and submittable forms; each is kept.
  // eslint-disable-next-line @typescript-eslint/no-explicit-any -- one signature cannot name the return types of all of pg's overloads
  override query(...args: unknown[]): any {
    const callbackAt = args.findIndex((arg) => typeof arg === 'function');
    if (callbackAt >= 0) {
      const callback = args[callbackAt] as (error: Error | null, result: unknown) => void;
      args[callbackAt] = (error: Error | null, result: unknown) =>
        callback(error, error ? result : relabelInternalChar(result));
    }
    const returned = (super.query as (...rest: unknown[]) => unknown)(...args);
    return returned instanceof Promise ? returned.then(relabelInternalChar) : returned;
  }
}

function poolConfig(databaseUrl: string, database?: string): pg.PoolConfig {
  // Discrete fields instead of a connectionString: pg lets a connectionString
  // override `database`, which is how adapter-pg's shadow database ends up
  // being the main one.
  const url = new URL(databaseUrl);
  return {
    host: decodeURIComponent(url.hostname),
    port: url.port ? Number(url.port) : 5432,
    user: decodeURIComponent(url.username),
    password: decodeURIComponent(url.password),
    database: database ?? decodeURIComponent(url.pathname.slice(1)),
    ssl: ['require', 'verify-ca', 'verify-full'].includes(url.searchParams.get('sslmode') ?? '') || undefined,
    Client: CatalogFriendlyClient,
    max: 4,
  };
}

const quoteIdent = (name: string) => `"${name.replace(/"/g, '""')}"`;

async function withCharacterColumns(result: Promise<SqlResultSet>, character: ColumnType): Promise<SqlResultSet> {
  const resolved = await result;
  for (const index of internalCharColumns.get(resolved.rows) ?? []) resolved.columnTypes[index] = character;
  return resolved;
}

function engineTransaction(inner: Transaction, character: ColumnType): Transaction {
  return {
    provider: inner.provider,
    adapterName: inner.adapterName,
    options: inner.options,
    queryRaw: (query) => withCharacterColumns(inner.queryRaw(query), character),
    executeRaw: (query) => inner.executeRaw(query),
    commit: () => inner.commit(),
    rollback: () => inner.rollback(),
  };
}

/** adapter-pg's adapter, corrected where the engine trips over it. */
class EngineAdapter implements SqlDriverAdapter {
  readonly provider = 'postgres' as const;
  readonly adapterName: string;

  constructor(
    private readonly inner: SqlDriverAdapter,
    private readonly pool: pg.Pool,
    private readonly character: ColumnType,
    private readonly release: () => Promise<void>,
  ) {
    this.adapterName = inner.adapterName;
  }

  queryRaw(query: SqlQuery): Promise<SqlResultSet> {
    return withCharacterColumns(this.inner.queryRaw(query), this.character);
  }

  executeRaw(query: SqlQuery): Promise<number> {
    return this.inner.executeRaw(query);
  }

  // adapter-pg splits scripts on every ';' and runs the pieces on whichever
  // pool connection is free, so a function body or a SET would break. One
  // simple-query round trip runs a script the way Prisma's native engine does.
  async executeScript(script: string): Promise<void> {
    try {
      await this.pool.query(script);
    } catch (error) {
      // adapter-pg's own mapping turns pg errors into ones the engine reports well.
      (this.inner as unknown as { onError(error: unknown): never }).onError(error);
    }
  }

  async startTransaction(isolationLevel?: IsolationLevel): Promise<Transaction> {
    return engineTransaction(await this.inner.startTransaction(isolationLevel), this.character);
  }

  getConnectionInfo(): ConnectionInfo {
    return this.inner.getConnectionInfo?.() ?? { supportsRelationJoins: true };
  }

  dispose(): Promise<void> {
    return this.release();
  }
}

type ShadowDatabase = { pool: pg.Pool; cleanup: () => Promise<void> };

/**
 * Connects the engine through adapter-pg, with a real, separate shadow
 * database that is dropped only after its pool is closed (adapter-pg drops it
 * while its own connections still use it, which fails).
 */
class EngineAdapterFactory implements SqlMigrationAwareDriverAdapterFactory {
  readonly provider = 'postgres' as const;
  readonly adapterName: string;
  private readonly mainPool: pg.Pool;
  private readonly shadows = new Set<ShadowDatabase>();
  private readonly extensionsSeen = new Set<string>();

  constructor(
    private readonly databaseUrl: string,
    private readonly modules: EngineModules,
  ) {
    this.mainPool = new pg.Pool(poolConfig(databaseUrl));
    this.adapterName = new modules.PrismaPg(this.mainPool).adapterName;
  }

  async connect(): Promise<SqlDriverAdapter> {
    const inner = await new this.modules.PrismaPg(this.mainPool).connect();
    // The pool belongs to this factory and is closed by close().
    return new EngineAdapter(inner, this.mainPool, this.modules.characterColumn, async () => {});
  }

  async connectToShadowDb(): Promise<SqlDriverAdapter> {
    const name = `prisma_migrate_shadow_db_${randomUUID()}`;
    await this.mainPool.query(`CREATE DATABASE ${quoteIdent(name)}`);
    const pool = new pg.Pool(poolConfig(this.databaseUrl, name));
    const shadow: ShadowDatabase = {
      pool,
      cleanup: async () => {
        if (!this.shadows.delete(shadow)) return;
        await this.recordExtensions(pool).catch(() => {});
        await pool.end();
        await this.mainPool.query(`DROP DATABASE IF EXISTS ${quoteIdent(name)} WITH (FORCE)`);
      },
    };
    this.shadows.add(shadow);
    const inner = await new this.modules.PrismaPg(pool).connect();
    return new EngineAdapter(inner, pool, this.modules.characterColumn, shadow.cleanup);
  }

  private async recordExtensions(pool: pg.Pool): Promise<void> {
    const { rows } = await pool.query<{ extname: string }>('SELECT extname FROM pg_extension');
    for (const { extname } of rows) this.extensionsSeen.add(extname);
  }

  /** Extensions that replaying the migration history into a shadow database created. */
  async historyExtensions(): Promise<Set<string>> {
    for (const shadow of this.shadows) await this.recordExtensions(shadow.pool);
    return new Set(this.extensionsSeen);
  }

  /** Drops any shadow database the engine did not dispose of, then disconnects. */
  async close(): Promise<void> {
    for (const shadow of [...this.shadows]) await shadow.cleanup();
    await this.mainPool.end();
  }
}

// The Wasm engine describes shadow databases without the `postgresqlExtensions`
// preview feature (it has no way to receive preview features), so the history
// side of every diff lacks extensions and each diff re-creates all of them.
// Drop those re-creations for extensions the history already created, which
// is what the native engine would have left out.
function withoutRecreatedExtensions(script: string, existing: Set<string>): string {
  return script.replace(
    /-- CreateExtension\nCREATE EXTENSION IF NOT EXISTS "([^"]+)"[^;]*;\n*/g,
    (step, name: string) => (existing.has(name) ? '' : step),
  );
}

const hasStatements = (script: string) =>
  script.split('\n').some((line) => line.trim() !== '' && !line.trim().startsWith('--'));

// A Rust panic in the engine reports its message through this global before
// the wasm traps with a bare "unreachable". The trap often surfaces as an
// uncaught exception that ends the process, so print the message right away.
const panics = {
  message: '',
  set_message(message: string) {
    this.message = message;
    console.error(`[schema-engine] panic: ${message}`);
  },
};

// The engine arms JS timers for its internal timeouts and never clears them,
// which kept a finished command alive for up to a minute. Track them so they
// can be cleared once no engine session is running.
const engineTimers = new Set<ReturnType<typeof setTimeout>>();
let engineSessions = 0;

type TimerImport = (callback: () => void, ms: number) => ReturnType<typeof setTimeout>;

function withTrackedTimers(runtime: Record<string, unknown>): WebAssembly.ModuleImports {
  const imports: Record<string, unknown> = { ...runtime };
  for (const name of Object.keys(runtime).filter((key) => key.startsWith('__wbg_setTimeout_'))) {
    const arm = runtime[name] as TimerImport;
    imports[name] = ((callback, ms) => {
      const timer = arm(() => {
        engineTimers.delete(timer);
        callback();
      }, ms);
      engineTimers.add(timer);
      return timer;
    }) satisfies TimerImport;
  }
  return imports as WebAssembly.ModuleImports;
}

function clearEngineTimers(): void {
  if (engineSessions > 0) return;
  for (const timer of engineTimers) clearTimeout(timer);
  engineTimers.clear();
}

// The package imports its .wasm as an ES module, which Node 20 cannot do
// without a flag; instantiate it by hand the way Prisma's CLI does.
async function instantiateEngine(): Promise<typeof SchemaEngine> {
  (globalThis as { PRISMA_WASM_PANIC_REGISTRY?: typeof panics }).PRISMA_WASM_PANIC_REGISTRY = panics;
  const runtime = await import('@prisma/schema-engine-wasm/schema_engine_bg');
  const packageEntry = createRequire(import.meta.url).resolve('@prisma/schema-engine-wasm');
  const bytes = readFileSync(join(dirname(packageEntry), 'schema_engine_bg.wasm'));
  const instance = new WebAssembly.Instance(new WebAssembly.Module(bytes), {
    './schema_engine_bg.js': withTrackedTimers(runtime),
  });
  runtime.__wbg_set_wasm(instance.exports);
  (instance.exports.__wbindgen_start as () => void)();
  return runtime.SchemaEngine;
}

// Loaded on first use only, so deployMigrations stays light. Once per process:
// wasm-bindgen keeps global state.
let engineModules: Promise<EngineModules> | undefined;

async function loadEngineModules(): Promise<EngineModules> {
  const [SchemaEngine, { PrismaPg }, utils] = await Promise.all([
    instantiateEngine(),
    import('@prisma/adapter-pg'),
    import('@prisma/driver-adapter-utils'),
  ]);
  return {
    SchemaEngine,
    PrismaPg,
    bindMigrationAwareSqlAdapterFactory: utils.bindMigrationAwareSqlAdapterFactory,
    characterColumn: utils.ColumnTypeEnum.Character,
  };
}

function engineLog(message: string): void {
  if (/schema-engine/.test(process.env.DEBUG ?? '')) console.error(`[schema-engine] ${message}`);
}

// Engine failures arrive as errors or plain objects; give them one readable shape.
function engineError(error: unknown): Error {
  if (error instanceof WebAssembly.RuntimeError && panics.message) {
    return new Error(`The schema engine panicked: ${panics.message}`, { cause: error });
  }
  if (error instanceof Error) return error;
  const { message, code } = (error ?? {}) as { message?: string; code?: string };
  return new Error(code ? `${code}: ${message ?? ''}` : (message ?? JSON.stringify(error)));
}

async function withSchemaEngine<T>(
  databaseUrl: string,
  work: (engine: SchemaEngine, factory: EngineAdapterFactory) => Promise<T>,
): Promise<T> {
  engineModules ??= loadEngineModules();
  const modules = await engineModules;
  const factory = new EngineAdapterFactory(databaseUrl, modules);
  engineSessions += 1;
  try {
    const datamodels = schemaFiles().files.map((file): [string, string] => [file.path, file.content]);
    const adapter = modules.bindMigrationAwareSqlAdapterFactory(factory);
    const engine = await modules.SchemaEngine.new({ datamodels }, engineLog, adapter);
    try {
      return await work(engine, factory);
    } finally {
      engine.free();
    }
  } catch (error) {
    throw engineError(error);
  } finally {
    engineSessions -= 1;
    clearEngineTimers();
    await factory.close();
  }
}

async function readAppliedHistory(databaseUrl: string): Promise<MigrationRow[]> {
  return withClient(databaseUrl, readHistory);
}

async function dataLossWarnings(engine: SchemaEngine, databaseUrl: string, log: Log): Promise<string[]> {
  const applied = appliedNames(await readAppliedHistory(databaseUrl));
  const pending = readLocalMigrations().filter((m) => !applied.has(m.name));
  if (pending.length > 0) {
    log(`Data-loss check skipped: ${pending.length} migration(s) not applied to this database yet`);
    return [];
  }
  const { warnings, unexecutableSteps } = await engine.evaluateDataLoss({
    migrationsList: migrationList(),
    schema: schemaFiles(),
    filters: NO_FILTER,
  });
  return [...warnings, ...unexecutableSteps].map((feedback) => feedback.message);
}

/**
 * Writes prisma/migrations/<timestamp>_<name>/migration.sql with the SQL that
 * takes the migrations folder to prisma/schema.prisma, the same calls as
 * `prisma migrate dev --create-only`. Returns the folder name, or null when
 * there is nothing to change. Nothing is applied.
 */
export async function createMigration(
  databaseUrl: string,
  name: string,
  options: CreateMigrationOptions = {},
): Promise<string | null> {
  const log = options.log ?? defaultLog;
  return withSchemaEngine(databaseUrl, async (engine, factory) => {
    const migrationsList = migrationList();
    const { action } = await engine.devDiagnostic({ migrationsList, filters: NO_FILTER });
    if (action.tag === 'reset') {
      throw new Error(
        `The database does not match the migration history: ${action.reason}\n` +
          'Reset it (`npx tsx scripts/db.ts reset`, which drops all data) before creating a migration.',
      );
    }
    const warnings = await dataLossWarnings(engine, databaseUrl, log);
    if (warnings.length > 0 && options.onDataLoss === 'refuse') {
      throw new Error(`This change would lose data:\n- ${warnings.join('\n- ')}`);
    }
    const created = await engine.createMigration({
      draft: false,
      migrationName: name,
      migrationsList,
      schema: schemaFiles(),
      filters: NO_FILTER,
    });
    if (created.migrationScript === null) return null;
    const script = withoutRecreatedExtensions(created.migrationScript, await factory.historyExtensions());
    if (!hasStatements(script)) return null;
    writeMigration(created.generatedMigrationName, script);
    for (const warning of warnings) log(`Warning: ${warning}`);
    return created.generatedMigrationName;
  });
}

/** What is applied, what is pending, and whether schema.prisma has unmigrated changes. */
export async function migrationStatus(databaseUrl: string): Promise<MigrationStatus> {
  const history = await readAppliedHistory(databaseUrl);
  const done = appliedNames(history);
  return withSchemaEngine(databaseUrl, async (engine, factory) => {
    const diagnosis = await engine.diagnoseMigrationHistory({
      migrationsList: migrationList(),
      optInToShadowDatabase: false,
      filters: NO_FILTER,
    });
    const { stdout } = await engine.diff({
      from: { tag: 'migrations', ...migrationList() },
      to: { tag: 'schemaDatamodel', ...schemaFiles() },
      script: true,
      exitCode: null,
      filters: NO_FILTER,
    });
    const script = withoutRecreatedExtensions(stdout ?? '', await factory.historyExtensions());
    const schemaDiff = hasStatements(script) ? script.trim() : '';
    return {
      applied: [...done],
      pending: readLocalMigrations()
        .map((m) => m.name)
        .filter((name) => !done.has(name)),
      edited: diagnosis.editedMigrationNames,
      failed: diagnosis.failedMigrationNames,
      schemaInSync: schemaDiff === '',
      schemaDiff,
    };
  });
}
