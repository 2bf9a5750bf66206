// Issue #24 §5: a table keyed by what strangers send does not grow without
// bound. Rate-limit counters are keyed by addresses and email addresses; the
// shop's cron job (lib/domain/expired-rows.ts, every 15 minutes on the job
// queue) deletes those whose window has passed. Here 10,000 made-up emails go
// through forgot-password, each from a client under its limit, as a flood
// would; the test then moves their windows into the past (an hour cannot be
// waited out), sends the job the way the queue's cron does, and the shop's
// own worker runs it.
import PgBoss from 'pg-boss';
import { afterAll, describe, expect, it } from 'vitest';
import { callFrom } from './clients';
import { closeDb, count, sql, unique } from './helpers';

const JOB = 'housekeeping.expired-rows';
const EMAILS = 10_000;
// RATE_LIMITS.forgotPassword: 5 per client per hour.
const PER_CLIENT = 5;
const marker = `flood-${unique()}`;
// 2,000 clients: 127.77.{0..7}.{1..250}, every one a loopback address.
const clientFor = (i: number) => `127.77.${Math.floor(i / 250)}.${(i % 250) + 1}`;
const CLIENTS = '127.77.%';

const floodRows = async () => (await count('RateLimit', 'key LIKE $1', [`%:${marker}-%`])) + (await count('RateLimit', 'key LIKE $1', [`forgot:${CLIENTS}`]));

let boss: PgBoss | undefined;

afterAll(async () => {
  await boss?.stop({ graceful: false, wait: true });
  await sql(`DELETE FROM "RateLimit" WHERE key LIKE $1 OR key LIKE $2`, [`%${marker}%`, `%${CLIENTS}`]);
  await closeDb();
});

/** Sends the job as the queue's cron does, and waits until the shop's worker has finished it. */
async function runJobOnTheShop(): Promise<void> {
  if (!boss) {
    boss = new PgBoss({ connectionString: process.env.DATABASE_URL, schema: 'pgboss', supervise: false, schedule: false, migrate: false });
    await boss.start();
  }
  const id = await boss.send(JOB, {});
  expect(id, `the shop has a queue named ${JOB}`).toBeTruthy();
  const deadline = Date.now() + 60_000;
  for (;;) {
    const [job] = await sql<{ state: string }>(`SELECT state::text AS state FROM pgboss.job WHERE id = $1`, [id]);
    if (job?.state === 'completed') return;
    expect(job?.state, 'the job ran and did not fail').not.toBe('failed');
    if (Date.now() > deadline) throw new Error(`the expired-rows job is still ${job?.state ?? 'missing'} after 60 s`);
    await new Promise((r) => setTimeout(r, 250));
  }
}

/** Runs `task` for each index, `parallel` at a time. */
async function forEach(n: number, parallel: number, task: (i: number) => Promise<void>): Promise<void> {
  let next = 0;
  await Promise.all(
    Array.from({ length: parallel }, async () => {
      while (next < n) await task(next++);
    }),
  );
}

describe('rate-limit counters', () => {
  it('are deleted on a schedule: the cron job is registered', async () => {
    const [schedule] = await sql<{ cron: string }>(`SELECT cron FROM pgboss.schedule WHERE name = $1`, [JOB]);
    expect(schedule?.cron).toBe('*/15 * * * *');
  });

  it(`of ${EMAILS.toLocaleString('en')} made-up emails are all gone once their windows pass, while live counters stay`, async () => {
    await forEach(EMAILS, 8, async (i) => {
      const res = await callFrom(clientFor(Math.floor(i / PER_CLIENT)), 'POST', '/api/auth/forgot-password', { form: { email: `${marker}-${i}@example.com` } });
      expect(res.status, res.text).toBe(200);
    });
    // Per email a (client, account) and an account counter; per client its own.
    const written = 2 * EMAILS + EMAILS / PER_CLIENT;
    expect(await floodRows()).toBe(written);

    // Inside their windows they stay: the job deletes nothing a limit still needs.
    await runJobOnTheShop();
    expect(await floodRows()).toBe(written);

    await sql(`UPDATE "RateLimit" SET "resetAt" = now() - interval '1 second' WHERE key LIKE $1 OR key LIKE $2`, [`%:${marker}-%`, `forgot:${CLIENTS}`]);
    const live = await callFrom(clientFor(EMAILS / PER_CLIENT), 'POST', '/api/auth/forgot-password', { form: { email: `${marker}-live@example.com` } });
    expect(live.status).toBe(200);
    await runJobOnTheShop();

    expect(await count('RateLimit', 'key LIKE $1 AND key NOT LIKE $2', [`%:${marker}-%`, `%:${marker}-live@%`])).toBe(0);
    // The request made after the windows passed: its client's, pair's and account's counters.
    expect(await count('RateLimit', 'key LIKE $1', [`forgot:${CLIENTS}`])).toBe(1);
    expect(await count('RateLimit', 'key LIKE $1', [`%:${marker}-live@%`])).toBe(2);
    // 3 to 6 minutes for the 10,000 requests on two busy cores.
  }, 900_000);
});
