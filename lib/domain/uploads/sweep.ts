// Staging clean-up. A file's staged copy is deleted as soon as its product is
// made (process.ts); what is left behind are the staged copies of failed files
// (kept so "retry" can run them again), of requests that died before their
// file was queued, and of staged direct uploads whose browser went away
// (Decision 070). Every hour (SWEEP_STAGING_CRON): files still awaiting their
// upload long after their URLs expired are failed and whatever they left is
// deleted, closing their batch; anything in the staging area older than a day
// that no unfinished file still needs is deleted, so a failed file can be
// retried for a day, after which it must be uploaded again.
import 'server-only';
import { db } from '@/lib/infra/db';
import { deleteObject, listObjects } from '@/lib/infra/storage';
import { STAGING_PREFIX } from './ids';
import { ABANDONED_UPLOAD_SECONDS } from './limits';
import { NEVER_ARRIVED } from './received';
import { AWAITING } from './staged';

const DAY_MS = 24 * 60 * 60 * 1000;

const INTERRUPTED = 'The upload was interrupted; the files received before it were kept';

export type SweepResult = { deleted: number; kept: number; closedBatches: number; abandonedFiles: number };

/** Staged files whose last URL expired long ago without the file arriving; their batches close once none awaits. */
async function sweepAbandonedStaged(now: Date): Promise<{ files: number; batches: number }> {
  const cutoff = new Date(now.getTime() - ABANDONED_UPLOAD_SECONDS * 1000);
  const abandoned = await db().uploadFile.updateManyAndReturn({
    where: { status: AWAITING, updatedAt: { lt: cutoff } },
    data: { status: 'failed', error: NEVER_ARRIVED },
    select: { batchId: true, stagingKey: true },
  });
  // A PUT may have landed without being reported: nothing will ever read it.
  for (const file of abandoned) await deleteObject('private', file.stagingKey);
  const closed = await db().uploadBatch.updateMany({
    where: { id: { in: [...new Set(abandoned.map((f) => f.batchId))] }, receiving: true, files: { none: { status: AWAITING } } },
    data: { receiving: false, message: INTERRUPTED },
  });
  return { files: abandoned.length, batches: closed.count };
}

export async function sweepStaging(now = new Date()): Promise<SweepResult> {
  const cutoff = new Date(now.getTime() - DAY_MS);
  const abandoned = await sweepAbandonedStaged(now);
  // A request that died mid-stream never closed its batch: close it, so its progress can finish.
  const closed = await db().uploadBatch.updateMany({ where: { receiving: true, createdAt: { lt: cutoff } }, data: { receiving: false, message: INTERRUPTED } });
  const result: SweepResult = { deleted: 0, kept: 0, closedBatches: closed.count + abandoned.batches, abandonedFiles: abandoned.files };
  for await (const page of listObjects('private', STAGING_PREFIX)) {
    const old = page.filter((o) => o.lastModified < cutoff);
    result.kept += page.length - old.length;
    if (old.length === 0) continue;
    const needed = await db().uploadFile.findMany({
      where: { stagingKey: { in: old.map((o) => o.key) }, status: { in: [AWAITING, 'pending', 'processing'] } },
      select: { stagingKey: true },
    });
    const neededKeys = new Set(needed.map((f) => f.stagingKey));
    for (const object of old) {
      if (neededKeys.has(object.key)) {
        result.kept++;
        continue;
      }
      await deleteObject('private', object.key);
      result.deleted++;
    }
  }
  return result;
}

/** The hourly job. */
export async function runStagingSweep(): Promise<void> {
  await sweepStaging();
}
