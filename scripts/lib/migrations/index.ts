// Prisma Migrate without Prisma's native schema engine, which these machines
// cannot download: development tooling, not part of the shop (decision 052).
// Applying migrations is plain `pg` (apply.ts; it runs at every start);
// computing them uses Prisma's official WebAssembly schema engine (engine.ts,
// through engine-adapter.ts). Everything stays in Prisma's own format
// (prisma/migrations/<name>/migration.sql and the _prisma_migrations table;
// folder.ts), so `prisma migrate deploy` / `status` accept the same folder and
// database wherever the native engine is available, as in production.
export { checksumOf, type CreateMigrationOptions, type Log, type MigrationStatus } from './folder';
export { deployMigrations, resetDatabase } from './apply';
export { createMigration, migrationStatus } from './engine';
