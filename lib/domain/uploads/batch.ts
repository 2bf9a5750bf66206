// Creating a batch while its files stream in, and retrying its failed files.
// The batch row is opened at the first file; each staged file then gets its
// row and its job in one transaction, so the worker can start on it while
// later files are still arriving, and a file is never queued without its row.
import 'server-only';
import { recordAudit } from '@/lib/domain/audit';
import { AppError, notFound } from '@/lib/domain/errors';
import { enqueue } from '@/lib/domain/jobs';
import { dollarsToCents } from '@/lib/format';
import { db } from '@/lib/infra/db';
import { parseTags, resolveCategory } from './category';
import type { BulkFields } from './contract';
import { UPLOAD_JOB } from './limits';
import { NEVER_ARRIVED } from './received';

export type StagedFile = { filename: string; stagingKey: string };

export async function openUploadBatch(actor: string, fields: BulkFields): Promise<string> {
  return db().$transaction(async (tx) => {
    const { categoryId, subcategory } = await resolveCategory(tx, fields.category, fields.subcategory ?? null);
    const batch = await tx.uploadBatch.create({
      data: { priceCents: dollarsToCents(fields.price), categoryId, subcategory, tags: parseTags(fields.tags), createdBy: actor, receiving: true },
    });
    return batch.id;
  });
}

export async function addUploadFile(batchId: string, position: number, file: StagedFile): Promise<void> {
  await db().$transaction(async (tx) => {
    const row = await tx.uploadFile.create({
      data: { batchId, position, originalFilename: file.filename, stagingKey: file.stagingKey },
      select: { id: true },
    });
    await enqueue(tx, UPLOAD_JOB, { fileId: row.id }, { key: `${row.id}:0` });
  });
}

/** The request is over: the batch holds `files` files; `interruption` says why it ended early, if it did. */
export async function closeUploadBatch(actor: string, batchId: string, files: number, interruption?: string): Promise<void> {
  await db().$transaction(async (tx) => {
    const message = interruption ? `Upload stopped after ${files} file(s): ${interruption}` : '';
    await tx.uploadBatch.update({ where: { id: batchId }, data: { receiving: false, message } });
    await recordAudit(tx, actor, 'upload.batch.create', batchId, interruption ? { files, interruption } : { files });
  });
}

/** A batch that never received a file (its first one failed to stage). */
export async function discardUploadBatch(batchId: string): Promise<void> {
  await db().uploadBatch.deleteMany({ where: { id: batchId, files: { none: {} } } });
}

export const noImagesError = () => new AppError('invalid_request', 'Choose at least one image', { files: ['At least one image is required'] });

/**
 * Puts the batch's failed files back in the queue. The conditional update makes a
 * double click harmless: only rows still failed get a new job. A staged file that
 * never reached storage is left as it is: only the admin's browser has its bytes,
 * and its error already says to upload it again.
 */
export async function retryFailedFiles(actor: string, batchId: string): Promise<number> {
  return db().$transaction(async (tx) => {
    const batch = await tx.uploadBatch.findUnique({ where: { id: batchId }, select: { id: true } });
    if (!batch) throw notFound('Upload batch not found');
    const failed = await tx.uploadFile.findMany({
      where: { batchId, status: 'failed', OR: [{ error: null }, { error: { not: NEVER_ARRIVED } }] },
      select: { id: true, attempts: true },
    });
    let queued = 0;
    for (const file of failed) {
      const reset = await tx.uploadFile.updateMany({
        where: { id: file.id, status: 'failed' },
        data: { status: 'pending', error: null, attempts: 0, lockedAt: null },
      });
      if (reset.count === 0) continue;
      await enqueue(tx, UPLOAD_JOB, { fileId: file.id });
      queued++;
    }
    await tx.uploadBatch.update({ where: { id: batchId }, data: { message: queued ? `Retrying ${queued} file(s)` : '' } });
    await recordAudit(tx, actor, 'upload.batch.retry', batchId, { files: queued });
    return queued;
  });
}
