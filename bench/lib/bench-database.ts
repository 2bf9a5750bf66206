// Brings the bench database to a known state: migrations applied, the demo
// catalogue (real images and files) seeded once, N synthetic products.
import { seedBenchCatalogue, type BenchCatalogue } from './bench-catalogue';
import { deployMigrations } from '../../scripts/lib/migrations';

export async function prepareBenchDatabase(env: Record<string, string>, count: number, log: (m: string) => void): Promise<BenchCatalogue> {
  Object.assign(process.env, env);
  const url = env.DATABASE_URL ?? (process.env.DATABASE_URL as string);
  const applied = await deployMigrations(url, log);
  if (applied.length) log(`Applied migrations: ${applied.join(', ')}`);
  // Imported late: the seed reads the environment once, and it must see the bench database.
  const { seedDemoCatalogue } = await import('../../prisma/seed');
  const started = performance.now();
  if ((await seedDemoCatalogue(url)).seeded) log(`Seeded the demo catalogue in ${Math.round(performance.now() - started)} ms`);
  const { db } = await import('../../lib/infra/db');
  await db().$disconnect();
  return seedBenchCatalogue(url, count, log);
}
