// The browser's word that staged files arrived, checked against the store, and
// the end of a staged batch. A file is queued only once S3 holds an object of
// the size and type its URL was signed for: S3 itself refuses any other body,
// and this check also covers a store that does not verify signatures (the
// local stand-in) or a client that reports a PUT that failed. Both calls are
// safe to repeat: every change is conditional on the file still awaiting.
import 'server-only';
import { AppError, notFound } from '@/lib/domain/errors';
import { enqueue } from '@/lib/domain/jobs';
import { db } from '@/lib/infra/db';
import { deleteObject, headObject } from '@/lib/infra/storage';
import { MAX_IMAGE_BYTES, UPLOAD_JOB } from './limits';
import { AWAITING, filesOfBatch } from './staged';

export const NEVER_ARRIVED = 'The file never reached storage; upload it again';
/** Store look-ups at once: enough to hide their latency, few enough to leave the pool to shoppers. */
const HEAD_WINDOW = 8;

type Staged = { id: string; stagingKey: string; expectedBytes: number | null; expectedType: string | null };

/** Why the stored object cannot become a product, or null when it matches what was signed. */
async function problemWith(file: Staged): Promise<string | null> {
  const head = await headObject('private', file.stagingKey);
  if (!head) return NEVER_ARRIVED;
  if (head.size > MAX_IMAGE_BYTES) return `The file is larger than ${MAX_IMAGE_BYTES / (1024 * 1024)} MB`;
  if (head.size !== file.expectedBytes) return `Storage holds ${head.size} bytes, not the ${file.expectedBytes} declared; upload it again`;
  if (head.contentType !== file.expectedType) return `Storage holds the file as ${head.contentType}, not the declared ${file.expectedType}; upload it again`;
  return null;
}

async function failAwaiting(fileIds: string[], error: string): Promise<Staged[]> {
  return db().uploadFile.updateManyAndReturn({
    where: { id: { in: fileIds }, status: AWAITING },
    data: { status: 'failed', error },
    select: { id: true, stagingKey: true, expectedBytes: true, expectedType: true },
  });
}

/** Removes what a failed file left in staging; it will never be read. */
async function discardStaged(files: Staged[]): Promise<void> {
  await Promise.all(files.map((f) => deleteObject('private', f.stagingKey).catch(() => {})));
}

async function receiveOne(file: Staged): Promise<boolean> {
  const problem = await problemWith(file);
  if (problem) {
    await discardStaged(await failAwaiting([file.id], problem));
    return false;
  }
  return db().$transaction(async (tx) => {
    const moved = await tx.uploadFile.updateMany({ where: { id: file.id, status: AWAITING }, data: { status: 'pending' } });
    if (moved.count === 0) return false;
    // The same key as the multipart route's first job for a file: queued once, however often reported.
    await enqueue(tx, UPLOAD_JOB, { fileId: file.id }, { key: `${file.id}:0` });
    return true;
  });
}

/** Queues each named file that is still awaiting and whose object checks out; returns how many were queued. */
export async function receiveStagedFiles(batchId: string, fileIds: string[]): Promise<number> {
  const awaiting = (await filesOfBatch(batchId, fileIds)).filter((f) => f.status === AWAITING);
  let queued = 0;
  for (let at = 0; at < awaiting.length; at += HEAD_WINDOW) {
    const results = await Promise.all(awaiting.slice(at, at + HEAD_WINDOW).map(receiveOne));
    queued += results.filter(Boolean).length;
  }
  return queued;
}

/**
 * Closes a staged batch: no more files will arrive, so those never reported are
 * failed (and anything they left in staging removed) and progress can finish.
 */
export async function completeStagedBatch(batchId: string): Promise<number> {
  const batch = await db().uploadBatch.findUnique({ where: { id: batchId }, select: { id: true } });
  if (!batch) throw notFound('Upload batch not found');
  const staged = await db().uploadFile.count({ where: { batchId, expectedBytes: { not: null } } });
  // A multipart batch ends with its request; closing it from outside would cut that request's later files off.
  if (staged === 0) throw new AppError('conflict', 'This batch was sent as one form upload; it completes by itself');
  const awaiting = await db().uploadFile.findMany({ where: { batchId, status: AWAITING }, select: { id: true } });
  const failed = awaiting.length
    ? await failAwaiting(
        awaiting.map((f) => f.id),
        NEVER_ARRIVED,
      )
    : [];
  await db().uploadBatch.updateMany({ where: { id: batchId, receiving: true }, data: { receiving: false } });
  await discardStaged(failed);
  return failed.length;
}
