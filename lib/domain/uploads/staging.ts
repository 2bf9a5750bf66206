// Receives a bulk upload: each image is written to the private staging area as
// it arrives (one file in memory at a time) and queued at once, so processing
// overlaps the rest of the upload. The text fields must come before the files
// (the shop's form sends them first). Checks that need a decode happen in the
// background job, so one bad file never sinks the other 199. A request that
// breaks off part-way (a file over the byte limit, a dropped connection) keeps
// the files received before it: they are queued already, and re-sending only
// the rest is cheaper for a 500-file batch than starting over.
import 'server-only';
import { AppError } from '@/lib/domain/errors';
import { kickJobs } from '@/lib/domain/jobs';
import { deleteObject, putObject, sanitizeFilename } from '@/lib/infra/storage';
import { addUploadFile, closeUploadBatch, discardUploadBatch, noImagesError, openUploadBatch } from './batch';
import { bulkFieldsSchema } from './contract';
import { newId, stagingKey } from './ids';
import { MAX_FIELD_BYTES, MAX_FILES_PER_BATCH, MAX_IMAGE_BYTES } from './limits';
import type { FormPart } from './multipart';
import { CONTENT_TYPE, sniffImageFormat } from './sniff';

export const BULK_LIMITS = { maxFileBytes: MAX_IMAGE_BYTES, maxFieldBytes: MAX_FIELD_BYTES, maxParts: MAX_FILES_PER_BATCH + 10 };

const stagedContentType = (bytes: Buffer) => {
  const format = sniffImageFormat(bytes);
  return format ? CONTENT_TYPE[format] : 'application/octet-stream';
};

/**
 * Files being staged at once. While the worker runs beside the request, one
 * file at a time made the request wait on every storage write in turn (it
 * became the slowest part of a batch); three overlap those waits for at most
 * three files in memory.
 */
const STAGING_WINDOW = 3;

type FilePart = Extract<FormPart, { kind: 'file' }>;

export async function stageBulkUpload(actor: string, parts: AsyncIterable<FormPart>): Promise<string> {
  const stagingId = newId();
  const fields: Record<string, string> = {};
  let batchId: string | null = null;
  let received = 0;
  let queued = 0;
  let failure: unknown = null;
  const inFlight = new Set<Promise<void>>();

  async function stageFile(batch: string, position: number, part: FilePart): Promise<void> {
    const key = stagingKey(stagingId, position);
    try {
      // The sniffed type travels with the staged object into the stored original (a server-side copy).
      await putObject('private', key, part.data, stagedContentType(part.data));
      await addUploadFile(batch, position, { filename: part.filename ? sanitizeFilename(part.filename) : `image-${position + 1}`, stagingKey: key });
    } catch (error) {
      await deleteObject('private', key).catch(() => {});
      throw error;
    }
    queued++;
    kickJobs();
  }

  try {
    for await (const part of parts) {
      if (failure) throw failure;
      if (part.kind === 'field') {
        fields[part.name] = part.value;
        continue;
      }
      if (part.name !== 'files' || part.data.length === 0) continue;
      batchId ??= await openUploadBatch(actor, bulkFieldsSchema.parse(fields));
      const staging: Promise<void> = stageFile(batchId, received++, part).then(
        () => void inFlight.delete(staging),
        (error: unknown) => {
          inFlight.delete(staging);
          failure ??= error;
        },
      );
      inFlight.add(staging);
      if (inFlight.size >= STAGING_WINDOW) await Promise.race(inFlight);
    }
    await Promise.all(inFlight);
    if (failure) throw failure;
    if (!batchId) {
      bulkFieldsSchema.parse(fields);
      throw noImagesError();
    }
    await closeUploadBatch(actor, batchId, queued);
    return batchId;
  } catch (error) {
    await Promise.all(inFlight);
    if (!batchId) throw error;
    if (queued === 0) {
      await discardUploadBatch(batchId).catch(() => {});
      throw error;
    }
    const reason = error instanceof Error ? error.message : 'the upload was interrupted';
    await closeUploadBatch(actor, batchId, queued, reason).catch(() => {});
    if (!(error instanceof AppError)) throw error;
    // Say so in the error: the admin should send only the files after these.
    throw new AppError(error.code, `${reason.replace(/\.$/, '')}. The ${queued} file(s) before it were kept and are being processed; upload the rest again.`);
  }
}
