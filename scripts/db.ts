// Database commands in place of `prisma migrate …`, which cannot fetch its
// native engine here. Uses DATABASE_URL, or else the embedded cluster under
// DATA_DIR (started for the command and stopped after it).
//
//   npx tsx scripts/db.ts <migrate|create|deploy|status|check|reset|seed> [--name x] [--accept-data-loss]
import { join } from 'node:path';
import { parseArgs } from 'node:util';
import { createMigration, deployMigrations, migrationStatus, resetDatabase, type MigrationStatus } from './lib/migrations/index.ts';

type Options = { name: string; acceptDataLoss: boolean };
type Command = (databaseUrl: string, options: Options) => Promise<number>;

const log = (message: string) => console.log(message);

function refuseInProduction(command: string): void {
  if (process.env.NODE_ENV === 'production') {
    throw new Error(`\`${command}\` is for development databases; with NODE_ENV=production use \`deploy\``);
  }
}

function printApplied(names: string[]): void {
  log(names.length === 0 ? 'No pending migrations.' : `${names.length} migration(s) applied.`);
}

function printStatus(status: MigrationStatus): void {
  log(`Applied (${status.applied.length}): ${status.applied.join(', ') || '-'}`);
  log(`Pending (${status.pending.length}): ${status.pending.join(', ') || '-'}`);
  if (status.failed.length > 0) log(`Failed, needs attention: ${status.failed.join(', ')}`);
  if (status.edited.length > 0) log(`Edited after being applied: ${status.edited.join(', ')}`);
  log(
    status.schemaInSync
      ? 'prisma/schema.prisma is fully captured by the migrations.'
      : `prisma/schema.prisma has changes no migration captures yet:\n${status.schemaDiff}`,
  );
}

const commands: Record<string, Command> = {
  // Like `prisma migrate dev`: apply what is pending, capture schema changes, apply them.
  async migrate(databaseUrl, { name, acceptDataLoss }) {
    refuseInProduction('migrate');
    printApplied(await deployMigrations(databaseUrl, log));
    const created = await createMigration(databaseUrl, name, {
      log,
      onDataLoss: acceptDataLoss ? 'warn' : 'refuse',
    });
    if (created === null) {
      log('prisma/schema.prisma has no unmigrated changes.');
      return 0;
    }
    log(`Created prisma/migrations/${created}/migration.sql`);
    printApplied(await deployMigrations(databaseUrl, log));
    return 0;
  },

  async create(databaseUrl, { name }) {
    const created = await createMigration(databaseUrl, name, { log });
    log(created ? `Created prisma/migrations/${created}/migration.sql (not applied)` : 'Nothing to create.');
    return 0;
  },

  async deploy(databaseUrl) {
    printApplied(await deployMigrations(databaseUrl, log));
    return 0;
  },

  async status(databaseUrl) {
    printStatus(await migrationStatus(databaseUrl));
    return 0;
  },

  // For CI: fails when schema.prisma changed without a migration.
  async check(databaseUrl) {
    const status = await migrationStatus(databaseUrl);
    if (status.schemaInSync) {
      log('OK: the migrations fully describe prisma/schema.prisma.');
      return 0;
    }
    console.error(
      `prisma/schema.prisma has changes no migration captures:\n${status.schemaDiff}\n` +
        'Run `npx tsx scripts/db.ts migrate --name <change>` and commit the new folder.',
    );
    return 1;
  },

  // Asks nothing: resetDatabase itself refuses under NODE_ENV=production.
  async reset(databaseUrl) {
    printApplied(await resetDatabase(databaseUrl, log));
    return 0;
  },

  async seed(databaseUrl) {
    const { seedDemoCatalogue } = await import('../prisma/seed.ts');
    await seedDemoCatalogue(databaseUrl);
    log('Seeded the demo catalogue.');
    return 0;
  },
};

async function withDatabase(run: (databaseUrl: string) => Promise<number>): Promise<number> {
  const configured = process.env.DATABASE_URL?.trim();
  if (configured) return run(configured);
  const { startEmbeddedPostgres } = await import('./lib/embedded-postgres.ts');
  const embedded = await startEmbeddedPostgres({ dataDir: join(process.env.DATA_DIR ?? '.data', 'postgres') });
  try {
    return await run(embedded.url);
  } finally {
    await embedded.stop();
  }
}

function parseCommandLine(): { command: Command; options: Options } {
  const { positionals, values } = parseArgs({
    allowPositionals: true,
    options: {
      name: { type: 'string', short: 'n', default: 'change' },
      'accept-data-loss': { type: 'boolean', default: false },
    },
  });
  const name = positionals[0] ?? '';
  const command = Object.hasOwn(commands, name) ? commands[name] : undefined;
  if (!command || positionals.length !== 1) {
    throw new Error(`Usage: npx tsx scripts/db.ts <${Object.keys(commands).join('|')}> [--name x] [--accept-data-loss]`);
  }
  return { command, options: { name: values.name, acceptDataLoss: values['accept-data-loss'] } };
}

// Exit explicitly: embedded-postgres installs a beforeExit hook that calls
// process.exit(0), which would turn a failed `check` into a success.
try {
  const { command, options } = parseCommandLine();
  process.exit(await withDatabase((databaseUrl) => command(databaseUrl, options)));
} catch (error) {
  console.error(error instanceof Error ? error.message : error);
  process.exit(1);
}
