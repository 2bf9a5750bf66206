// Staging clean-up. A file's staged copy is deleted as soon as its product is
// made (process.ts); what is left behind are the staged copies of failed files
// (kept so "retry" can run them again) and of requests that died before their
// file was queued. Once a day, anything in the staging area older than a day
// that no pending or processing file still needs is deleted (a cron schedule,
// SWEEP_STAGING_CRON): a failed file can be retried for a day, after which it
// must be uploaded again.
import 'server-only';
import { db } from '@/lib/infra/db';
import { deleteObject, listObjects } from '@/lib/infra/storage';
import { STAGING_PREFIX } from './ids';

const DAY_MS = 24 * 60 * 60 * 1000;

export type SweepResult = { deleted: number; kept: number; closedBatches: number };

export async function sweepStaging(now = new Date()): Promise<SweepResult> {
  const cutoff = new Date(now.getTime() - DAY_MS);
  // A request that died mid-stream never closed its batch: close it, so its progress can finish.
  const closed = await db().uploadBatch.updateMany({
    where: { receiving: true, createdAt: { lt: cutoff } },
    data: { receiving: false, message: 'The upload was interrupted; the files received before it were kept' },
  });
  const result: SweepResult = { deleted: 0, kept: 0, closedBatches: closed.count };
  for await (const page of listObjects('private', STAGING_PREFIX)) {
    const old = page.filter((o) => o.lastModified < cutoff);
    result.kept += page.length - old.length;
    if (old.length === 0) continue;
    const needed = await db().uploadFile.findMany({
      where: { stagingKey: { in: old.map((o) => o.key) }, status: { in: ['pending', 'processing'] } },
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

/** The daily job. */
export async function runStagingSweep(): Promise<void> {
  await sweepStaging();
}
