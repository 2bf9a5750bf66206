// Creating migrations and checking status with Prisma's WebAssembly schema
// engine (@prisma/schema-engine-wasm), the same engine `prisma migrate dev`
// runs natively, loaded on first use only.
import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { dirname, join } from 'node:path';
import type { SchemaEngine } from '@prisma/schema-engine-wasm';
import {
  type CreateMigrationOptions,
  type Log,
  type MigrationRow,
  type MigrationStatus,
  NO_FILTER,
  defaultLog,
  migrationList,
  readLocalMigrations,
  schemaFiles,
  writeMigration,
} from './folder';
import { appliedNames, readHistory, withClient } from './apply';
import { EngineAdapterFactory, type EngineModules, hasStatements, withoutRecreatedExtensions } from './engine-adapter';

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
  const [SchemaEngine, { PrismaPg }, utils] = await Promise.all([instantiateEngine(), import('@prisma/adapter-pg'), import('@prisma/driver-adapter-utils')]);
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

async function withSchemaEngine<T>(databaseUrl: string, work: (engine: SchemaEngine, factory: EngineAdapterFactory) => Promise<T>): Promise<T> {
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
export async function createMigration(databaseUrl: string, name: string, options: CreateMigrationOptions = {}): Promise<string | null> {
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
