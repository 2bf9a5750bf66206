// Staged bulk uploads (Decision 070): the browser sends each image straight to
// the private staging area through a presigned PUT, so no image byte passes
// through a web process. Opening a batch creates one row per file, "awaiting"
// its upload, with the size and type its URL is signed for; a file becomes a
// job only once the browser reports it stored and the store confirms it
// (received.ts). Nothing here reads an image: the job's checks are unchanged.
import 'server-only';
import { recordAudit } from '@/lib/domain/audit';
import { invalid, notFound } from '@/lib/domain/errors';
import { dollarsToCents } from '@/lib/format';
import { db } from '@/lib/infra/db';
import { presignUpload, sanitizeFilename } from '@/lib/infra/storage';
import { parseTags, resolveCategory } from './category';
import type { BulkFields } from './contract';
import { newId, stagingKey } from './ids';
import { UPLOAD_URL_SECONDS } from './limits';

export const AWAITING = 'awaiting';

export type DeclaredFile = { name: string; size: number; type: string };
export type StagedUpload = { fileId: string; url: string; headers: Record<string, string>; expiresAt: Date };

type AwaitingFile = { id: string; stagingKey: string; expectedBytes: number | null; expectedType: string | null };

async function uploadFor(file: AwaitingFile): Promise<StagedUpload> {
  if (file.expectedBytes === null || file.expectedType === null) throw new Error(`Upload file ${file.id} was not staged directly`);
  const signed = await presignUpload(file.stagingKey, { contentType: file.expectedType, contentLength: file.expectedBytes, ttlSeconds: UPLOAD_URL_SECONDS });
  return { fileId: file.id, ...signed };
}

/** Opens a batch (receiving) with a row per declared file, and a signed PUT for each. */
export async function openStagedBatch(actor: string, fields: BulkFields, files: DeclaredFile[]): Promise<{ batchId: string; uploads: StagedUpload[] }> {
  const stagingId = newId();
  const { batchId, rows } = await db().$transaction(async (tx) => {
    const { categoryId, subcategory } = await resolveCategory(tx, fields.category, fields.subcategory ?? null);
    const batch = await tx.uploadBatch.create({
      data: { priceCents: dollarsToCents(fields.price), categoryId, subcategory, tags: parseTags(fields.tags), createdBy: actor, receiving: true },
      select: { id: true },
    });
    const created = await tx.uploadFile.createManyAndReturn({
      data: files.map((file, position) => ({
        batchId: batch.id,
        position,
        originalFilename: sanitizeFilename(file.name),
        stagingKey: stagingKey(stagingId, position),
        status: AWAITING,
        expectedBytes: file.size,
        expectedType: file.type,
      })),
      select: { id: true, position: true, stagingKey: true, expectedBytes: true, expectedType: true },
    });
    await recordAudit(tx, actor, 'upload.batch.create', batch.id, { files: files.length, staged: true });
    return { batchId: batch.id, rows: created.sort((a, b) => a.position - b.position) };
  });
  return { batchId, uploads: await Promise.all(rows.map(uploadFor)) };
}

/** The batch's rows for `fileIds`; every id must belong to it. */
export async function filesOfBatch(batchId: string, fileIds: string[]) {
  const batch = await db().uploadBatch.findUnique({ where: { id: batchId }, select: { id: true } });
  if (!batch) throw notFound('Upload batch not found');
  const ids = [...new Set(fileIds)];
  const files = await db().uploadFile.findMany({
    where: { batchId, id: { in: ids } },
    select: { id: true, status: true, stagingKey: true, expectedBytes: true, expectedType: true },
  });
  if (files.length !== ids.length) {
    const known = new Set(files.map((f) => f.id));
    const unknown = ids.filter((id) => !known.has(id));
    throw invalid(`${unknown.length} file id(s) are not in this batch`, { file_ids: unknown.slice(0, 20).map((id) => `Not in this batch: ${id}`) });
  }
  return files;
}

/**
 * Fresh URLs for files still awaiting: a large batch on a slow line outlives its
 * first URLs. Issuing them restarts the files' clock for the sweep (updatedAt).
 */
export async function renewStagedUploads(batchId: string, fileIds: string[]): Promise<StagedUpload[]> {
  const awaiting = (await filesOfBatch(batchId, fileIds)).filter((f) => f.status === AWAITING);
  if (awaiting.length === 0) return [];
  await db().uploadFile.updateMany({ where: { id: { in: awaiting.map((f) => f.id) }, status: AWAITING }, data: { updatedAt: new Date() } });
  return Promise.all(awaiting.map(uploadFor));
}
