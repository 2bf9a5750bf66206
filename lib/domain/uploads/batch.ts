// Creating a batch and retrying its failed files. Rows and their jobs are
// written in one transaction: a batch either exists with a job per file or not
// at all.
import 'server-only';
import { recordAudit } from '@/lib/domain/audit';
import { AppError, notFound } from '@/lib/domain/errors';
import { dollarsToCents } from '@/lib/format';
import { db } from '@/lib/infra/db';
import { enqueueJob } from '@/lib/infra/jobs';
import { parseTags, resolveCategory } from './category';
import type { BulkFields } from './contract';
import { UPLOAD_JOB } from './limits';

export type StagedFile = { filename: string; stagingKey: string };

export async function createUploadBatch(actor: string, fields: BulkFields, files: StagedFile[]): Promise<string> {
  if (files.length === 0) throw new AppError('invalid_request', 'Choose at least one image', { files: ['At least one image is required'] });
  return db().$transaction(async (tx) => {
    const { categoryId, subcategory } = await resolveCategory(tx, fields.category, fields.subcategory ?? null);
    const batch = await tx.uploadBatch.create({
      data: { priceCents: dollarsToCents(fields.price), categoryId, subcategory, tags: parseTags(fields.tags), createdBy: actor },
    });
    await tx.uploadFile.createMany({
      data: files.map((f, position) => ({ batchId: batch.id, position, originalFilename: f.filename, stagingKey: f.stagingKey })),
    });
    const rows = await tx.uploadFile.findMany({ where: { batchId: batch.id }, select: { id: true } });
    for (const row of rows) await enqueueJob(tx, UPLOAD_JOB, { fileId: row.id }, `upload:${row.id}:0`);
    await recordAudit(tx, actor, 'upload.batch.create', batch.id, { files: files.length });
    return batch.id;
  });
}

/**
 * Puts the batch's failed files back in the queue. The conditional update makes a
 * double click harmless: only rows still failed get a new job.
 */
export async function retryFailedFiles(actor: string, batchId: string): Promise<number> {
  return db().$transaction(async (tx) => {
    const batch = await tx.uploadBatch.findUnique({ where: { id: batchId }, select: { id: true } });
    if (!batch) throw notFound('Upload batch not found');
    const failed = await tx.uploadFile.findMany({ where: { batchId, status: 'failed' }, select: { id: true, attempts: true } });
    let queued = 0;
    for (const file of failed) {
      const reset = await tx.uploadFile.updateMany({ where: { id: file.id, status: 'failed' }, data: { status: 'pending', error: null, attempts: 0, lockedAt: null } });
      if (reset.count === 0) continue;
      await enqueueJob(tx, UPLOAD_JOB, { fileId: file.id }, `upload:${file.id}:${Date.now()}`);
      queued++;
    }
    await tx.uploadBatch.update({ where: { id: batchId }, data: { message: queued ? `Retrying ${queued} file(s)` : '' } });
    await recordAudit(tx, actor, 'upload.batch.retry', batchId, { files: queued });
    return queued;
  });
}
