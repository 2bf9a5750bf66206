// The migration that moves the job queue to pg-boss (decision 051), on a
// database that still has work in the old "Job" table: pending and running
// jobs move over, finished ones and the old self-rescheduling sweep do not,
// and the old table is gone.
import { randomBytes } from 'node:crypto';
import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';

const MIGRATIONS_DIR = join(fileURLToPath(new URL('../../', import.meta.url)), 'prisma', 'migrations');
const folders = readdirSync(MIGRATIONS_DIR, { withFileTypes: true })
  .filter((entry) => entry.isDirectory())
  .map((entry) => entry.name)
  .sort();
const moving = folders.findIndex((name) => name.endsWith('_pg_boss_queue'));
const sql = (folder: string) => readFileSync(join(MIGRATIONS_DIR, folder, 'migration.sql'), 'utf8');

const name = `jobmove_${randomBytes(4).toString('hex')}`;
let admin: pg.Client;
let client: pg.Client;

beforeAll(async () => {
  admin = new pg.Client({ connectionString: process.env.DATABASE_URL });
  await admin.connect();
  await admin.query(`CREATE DATABASE ${name}`);
  const url = new URL(process.env.DATABASE_URL as string);
  url.pathname = `/${name}`;
  client = new pg.Client({ connectionString: url.toString() });
  await client.connect();
  // The schema as it was just before the move, one transaction per migration as the runner does.
  for (const folder of folders.slice(0, moving)) {
    await client.query('BEGIN');
    await client.query(sql(folder));
    await client.query('COMMIT');
  }
});

afterAll(async () => {
  await client?.end();
  await admin?.query(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`);
  await admin?.end();
});

describe('the pg-boss migration', () => {
  it('moves pending and running jobs into pg-boss and drops the old table', async () => {
    expect(moving).toBeGreaterThan(0);
    const later = new Date(Date.now() + 3_600_000);
    await client.query(
      `INSERT INTO "Job" (id, kind, payload, "dedupeKey", status, attempts, "runAt", "updatedAt") VALUES
        ('j1', 'order-lapse', '{"orderId":"o1"}', 'order-lapse:o1', 'pending', 0, $1, now()),
        ('j2', 'upload.file', '{"fileId":"f1"}', 'upload:f1:0', 'running', 1, now() - interval '1 minute', now()),
        ('j3', 'order-email', '{"orderId":"o2"}', 'order-email:o2', 'done', 1, now(), now()),
        ('j4', 'upload.sweep-staging', '{}', 'upload.sweep-staging:2026-11-25', 'pending', 0, $1, now()),
        ('j5', 'order-email', '{"orderId":"o3"}', 'order-email:o3', 'failed', 5, now(), now())`,
      [later],
    );
    await client.query('BEGIN');
    await client.query(sql(folders[moving]));
    await client.query('COMMIT');

    const { rows } = await client.query<{
      name: string;
      data: unknown;
      state: string;
      start_after: Date;
      retry_limit: number;
      expire_in: { seconds?: number; minutes?: number };
    }>('SELECT name, data, state::text AS state, start_after, retry_limit, expire_in FROM pgboss.job ORDER BY name');
    expect(rows.map((r) => [r.name, r.data, r.state])).toEqual([
      ['order-lapse', { orderId: 'o1' }, 'created'],
      ['upload.file', { fileId: 'f1' }, 'created'],
    ]);
    // A pending job keeps its due time; a running one is due at once.
    expect(rows[0].start_after.getTime()).toBe(later.getTime());
    expect(rows[1].start_after.getTime()).toBeLessThanOrEqual(Date.now() + 1_000);
    expect(rows.every((r) => r.retry_limit === 4)).toBe(true);
    expect(rows[1].expire_in).toMatchObject({ minutes: 1 });
    expect((await client.query(`SELECT to_regclass('public."Job"') AS t`)).rows[0].t).toBeNull();
    const queues = await client.query<{ name: string }>('SELECT name FROM pgboss.queue ORDER BY name');
    expect(queues.rows.map((q) => q.name)).toEqual(['order-email', 'order-lapse', 'upload.file', 'upload.sweep-staging']);
  });
});
