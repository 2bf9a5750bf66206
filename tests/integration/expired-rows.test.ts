// The expired-rows job (lib/domain/expired-rows.ts, issue #24 §5): run through
// the job queue as its cron runs it, it deletes what can no longer do anything
// (rate-limit counters past their window, reset and verification links past
// their expiry, customer and admin sessions past their end) and nothing else.
import { randomBytes } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { registerJobHandlers } from '@/lib/domain/background-work';
import { EXPIRED_ROWS_CRON, EXPIRED_ROWS_JOB } from '@/lib/domain/expired-rows';
import { enqueue, listSchedules, openJobQueue, runDueJobs, scheduleJobs, stopJobWorker } from '@/lib/domain/jobs';
import { db } from '@/lib/infra/db';

const run = randomBytes(4).toString('hex');
const past = () => new Date(Date.now() - 1000);
const later = () => new Date(Date.now() + 60 * 60 * 1000);

beforeAll(async () => {
  registerJobHandlers();
  await openJobQueue();
});

afterAll(async () => {
  await stopJobWorker();
});

describe('the expired-rows job', () => {
  it('is on the schedule every 15 minutes', async () => {
    await scheduleJobs();
    expect(EXPIRED_ROWS_CRON).toBe('*/15 * * * *');
    expect(await listSchedules()).toContainEqual({ name: EXPIRED_ROWS_JOB, cron: EXPIRED_ROWS_CRON });
  });

  it('deletes counters, links and sessions that ended, and keeps those still running', async () => {
    const user = await db().user.create({ data: { email: `expired-${run}@example.com`, name: 'Expired', passwordHash: 'x' } });
    await db().rateLimit.createMany({
      data: [
        { key: `forgot-account:ended-${run}@example.com`, count: 3, resetAt: past() },
        { key: `login:ended-${run}`, count: 11, resetAt: past() },
        { key: `login:live-${run}`, count: 2, resetAt: later() },
      ],
    });
    const token = (name: string, expiresAt: Date, usedAt: Date | null = null) => ({ userId: user.id, tokenHash: `${name}-${run}`, expiresAt, usedAt });
    await db().passwordResetToken.createMany({ data: [token('ended', past()), token('used-ended', past(), past()), token('live', later())] });
    await db().userSession.createMany({
      data: [
        { userId: user.id, expiresAt: past() },
        { userId: user.id, expiresAt: later() },
        // Revoked but not yet ended: kept until its end, like any other.
        { userId: user.id, expiresAt: later(), revokedAt: past() },
      ],
    });
    await db().adminSession.createMany({
      data: [
        { tokenHash: `admin-ended-${run}`, username: 'admin', expiresAt: past() },
        { tokenHash: `admin-live-${run}`, username: 'admin', expiresAt: later() },
      ],
    });

    await db().$transaction((tx) => enqueue(tx, EXPIRED_ROWS_JOB, {}));
    await runDueJobs();

    expect((await db().rateLimit.findMany({ where: { key: { contains: run } } })).map((r) => r.key)).toEqual([`login:live-${run}`]);
    expect((await db().passwordResetToken.findMany({ where: { userId: user.id } })).map((t) => t.tokenHash)).toEqual([`live-${run}`]);
    const sessions = await db().userSession.findMany({ where: { userId: user.id } });
    expect(sessions).toHaveLength(2);
    expect(sessions.every((s) => s.expiresAt > new Date())).toBe(true);
    expect((await db().adminSession.findMany({ where: { tokenHash: { contains: run } } })).map((s) => s.tokenHash)).toEqual([`admin-live-${run}`]);
  });
});
