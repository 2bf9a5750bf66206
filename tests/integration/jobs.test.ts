// The job queue (pg-boss in the shop database) as the domain uses it: a job
// exists exactly when the transaction that queued it commits, a key queues it
// once, failures come back after a growing delay until the retry limit, the
// workers pick up queued work, and the daily sweep is a registered cron schedule.
import { randomBytes } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { enqueue, listSchedules, openJobQueue, registerJobHandler, runDueJobs, scheduleJobs, stopJobWorker } from '@/lib/domain/jobs';
import { registerJobHandlers } from '@/lib/domain/background-work';
import { SWEEP_STAGING_CRON, SWEEP_STAGING_JOB } from '@/lib/domain/uploads';
import { db } from '@/lib/infra/db';
import { kickJobs, workQueue } from '@/lib/infra/jobs';
import { expectConsoleError } from '../support/console-errors';
import { makeRetriesDue, queuedJobs } from '../support/jobs';

const run = randomBytes(3).toString('hex');
const FLAKY = `test.flaky-${run}`;
const BROKEN = `test.broken-${run}`;
const WORKED = `test.worked-${run}`;
const calls = new Map<string, number>();
const count = (key: string) => calls.set(key, (calls.get(key) ?? 0) + 1).get(key)!;

const queue = (kind: string, payload: Record<string, string>, options?: Parameters<typeof enqueue>[3]) =>
  db().$transaction((tx) => enqueue(tx, kind, payload, options));
const secondsUntil = (date: Date) => (date.getTime() - Date.now()) / 1000;

beforeAll(async () => {
  // Fails twice, then succeeds.
  registerJobHandler(
    FLAKY,
    async (payload) => {
      if (count(`flaky:${(payload as { id: string }).id}`) <= 2) throw new Error('flaky failure');
    },
    { retryLimit: 4, retryDelaySeconds: 5 },
  );
  registerJobHandler(
    BROKEN,
    async () => {
      count('broken');
      throw new Error('always broken');
    },
    { retryLimit: 1, retryDelaySeconds: 1 },
  );
  await openJobQueue();
});

afterAll(async () => {
  await stopJobWorker();
});

describe('the job queue', () => {
  it('retries a failing job with a growing delay until it succeeds', async () => {
    expectConsoleError(/\[jobs\] test\.flaky-.* failed flaky failure/);
    await queue(FLAKY, { id: 'a' });
    await runDueJobs();
    let [job] = await queuedJobs(FLAKY, { id: 'a' });
    expect(job).toMatchObject({ state: 'retry' });
    // First retry 5-10 s on (the delay, doubled, with jitter in its upper half).
    expect(secondsUntil(job.startAfter)).toBeGreaterThan(3);
    expect(secondsUntil(job.startAfter)).toBeLessThanOrEqual(10);
    // Not due yet: running the queue again leaves it alone.
    await runDueJobs();
    expect(calls.get('flaky:a')).toBe(1);

    await makeRetriesDue(FLAKY);
    await runDueJobs();
    [job] = await queuedJobs(FLAKY, { id: 'a' });
    expect(job).toMatchObject({ state: 'retry', retryCount: 1 });
    // Second retry 10-20 s on.
    expect(secondsUntil(job.startAfter)).toBeGreaterThan(8);
    expect(secondsUntil(job.startAfter)).toBeLessThanOrEqual(20);

    await makeRetriesDue(FLAKY);
    await runDueJobs();
    [job] = await queuedJobs(FLAKY, { id: 'a' });
    expect(job).toMatchObject({ state: 'completed', retryCount: 2 });
    expect(calls.get('flaky:a')).toBe(3);
  });

  it('gives up after the retry limit and keeps the job as failed', async () => {
    expectConsoleError(/\[jobs\] test\.broken-.* failed always broken/);
    await queue(BROKEN, { id: 'b' });
    await runDueJobs();
    await makeRetriesDue(BROKEN);
    await runDueJobs();
    await makeRetriesDue(BROKEN);
    await runDueJobs();
    expect(await queuedJobs(BROKEN, { id: 'b' })).toMatchObject([{ state: 'failed', retryCount: 1 }]);
    expect(calls.get('broken')).toBe(2);
  });

  it('queues a keyed job once, and nothing when the transaction rolls back', async () => {
    await queue(FLAKY, { id: 'k' }, { key: 'k' });
    await queue(FLAKY, { id: 'k' }, { key: 'k' });
    expect(await queuedJobs(FLAKY, { id: 'k' })).toHaveLength(1);
    await expect(
      db().$transaction(async (tx) => {
        await enqueue(tx, FLAKY, { id: 'rolled-back' });
        throw new Error('the change failed');
      }),
    ).rejects.toThrow('the change failed');
    expect(await queuedJobs(FLAKY, { id: 'rolled-back' })).toEqual([]);
  });

  it('refuses a job for a queue that does not exist instead of dropping it', async () => {
    await expect(queue(`test.unknown-${run}`, { id: 'x' })).rejects.toThrow(/No job queue named/);
  });

  it('runs queued jobs on the workers without being asked', async () => {
    const seen: string[] = [];
    await db().$executeRawUnsafe(`SELECT pgboss.create_queue($1, '{"policy":"standard"}')`, WORKED);
    await workQueue(WORKED, 1, async (payload) => {
      seen.push((payload as { id: string }).id);
    });
    await queue(WORKED, { id: 'w' });
    kickJobs();
    for (let wait = 0; (await queuedJobs(WORKED, { id: 'w' }))[0]?.state !== 'completed'; wait++) {
      if (wait > 100) throw new Error('the worker never finished the job');
      await new Promise((r) => setTimeout(r, 100));
    }
    expect(seen).toEqual(['w']);
  });

  it('takes the next job as soon as one is done, without waiting for a poll', async () => {
    const BACKLOG = `test.backlog-${run}`;
    const seen: string[] = [];
    await db().$executeRawUnsafe(`SELECT pgboss.create_queue($1, '{"policy":"standard"}')`, BACKLOG);
    for (const id of ['1', '2', '3']) await queue(BACKLOG, { id });
    // An hour between polls: only the worker waking itself after each job gets through the backlog.
    await workQueue(
      BACKLOG,
      1,
      async (payload) => {
        seen.push((payload as { id: string }).id);
      },
      3600,
    );
    for (let wait = 0; (await queuedJobs(BACKLOG)).some((j) => j.state !== 'completed'); wait++) {
      if (wait > 100) throw new Error(`the worker stopped after ${seen.length} job(s)`);
      await new Promise((r) => setTimeout(r, 100));
    }
    expect(seen.sort()).toEqual(['1', '2', '3']);
  });

  it('registers the hourly staging sweep as a cron schedule', async () => {
    registerJobHandlers();
    await scheduleJobs();
    expect(SWEEP_STAGING_CRON).toBe('0 * * * *');
    expect(await listSchedules()).toContainEqual({ name: SWEEP_STAGING_JOB, cron: SWEEP_STAGING_CRON });
  });
});
