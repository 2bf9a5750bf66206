// The bench's own services: embedded Postgres + S3 stand-in under .data/bench
// (a separate cluster from `npm start`'s, so 100,000 synthetic products never
// reach the demo shop), or BENCH_DATABASE_URL / S3_ENDPOINT when set.
import { resolve } from 'node:path';
import { startLocalServices, type LocalServices } from '../../scripts/lib/services';

export const BENCH_DATA_DIR = resolve(process.env.BENCH_DATA_DIR ?? '.data/bench');

export async function startBenchServices(log: (m: string) => void): Promise<LocalServices> {
  // startLocalServices reads DATABASE_URL: the shop's own database must never be the bench's.
  const shopDatabase = process.env.DATABASE_URL;
  if (process.env.BENCH_DATABASE_URL) process.env.DATABASE_URL = process.env.BENCH_DATABASE_URL;
  else delete process.env.DATABASE_URL;
  try {
    const services = await startLocalServices({ dataDir: BENCH_DATA_DIR, persistent: true, log });
    if (process.env.BENCH_DATABASE_URL) services.env.DATABASE_URL = process.env.BENCH_DATABASE_URL;
    return services;
  } finally {
    if (shopDatabase === undefined) delete process.env.DATABASE_URL;
    else process.env.DATABASE_URL = shopDatabase;
  }
}
