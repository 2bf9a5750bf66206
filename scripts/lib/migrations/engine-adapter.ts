// The driver adapter Prisma's WebAssembly schema engine talks to the database
// through: adapter-pg, corrected where the engine trips over it (Postgres'
// internal "char" type, the shadow database, scripts with function bodies).
import { randomUUID } from 'node:crypto';
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
import type { SchemaEngine } from '@prisma/schema-engine-wasm';

export type EngineModules = {
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
      args[callbackAt] = (error: Error | null, result: unknown) => callback(error, error ? result : relabelInternalChar(result));
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
export class EngineAdapterFactory implements SqlMigrationAwareDriverAdapterFactory {
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
export function withoutRecreatedExtensions(script: string, existing: Set<string>): string {
  return script.replace(/-- CreateExtension\nCREATE EXTENSION IF NOT EXISTS "([^"]+)"[^;]*;\n*/g, (step, name: string) => (existing.has(name) ? '' : step));
}

export const hasStatements = (script: string) => script.split('\n').some((line) => line.trim() !== '' && !line.trim().startsWith('--'));
