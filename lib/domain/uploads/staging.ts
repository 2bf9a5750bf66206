// Receives a bulk upload: each image is written to the private staging area as
// it arrives and queued at once, so processing overlaps the rest of the upload.
// The parts may come in any order (docs/product.md §7 lists files before the fields): a
// file that arrives before price and category is streamed to staging chunk by
// chunk and queued once the fields are known, since its job cannot be priced
// before then. Checks that need a decode happen in the background job, so one
// bad file never sinks the other 199. A request that breaks off part-way (a
// file over the byte limit, a dropped connection) keeps the files queued before
// it: re-sending only the rest is cheaper for a 500-file batch than starting
// over. Files staged while the fields were still unknown are deleted then,
// as nothing says what product they would have become.
import 'server-only';
import { AppError } from '@/lib/domain/errors';
import { kickJobs } from '@/lib/domain/jobs';
import { deleteObject, putObject, putObjectStream, sanitizeFilename } from '@/lib/infra/storage';
import { addUploadFile, closeUploadBatch, discardUploadBatch, noImagesError, openUploadBatch } from './batch';
import { bulkFieldsSchema } from './contract';
import { newId, stagingKey } from './ids';
import { MAX_FIELD_BYTES, MAX_FILES_PER_BATCH, MAX_IMAGE_BYTES } from './limits';
import { peekChunks } from '@/lib/streams';
import { collectChunks, type StreamedPart } from './multipart';
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

type FilePart = { filename: string; data: Buffer };
type EarlyFile = { position: number; filename: string; stagingKey: string };

/** Enough leading bytes for sniffImageFormat to tell every accepted format. */
const SNIFF_BYTES = 16;

export async function stageBulkUpload(actor: string, parts: AsyncIterable<StreamedPart>): Promise<string> {
  const stagingId = newId();
  const fields: Record<string, string> = {};
  let batchId: string | null = null;
  let received = 0;
  let queued = 0;
  let failure: unknown = null;
  const inFlight = new Set<Promise<void>>();
  // Staged before the fields were known: no row, no job yet.
  let early: EarlyFile[] = [];

  /** Streams a file to staging without holding it; false when it was empty. */
  async function stageEarlyFile(position: number, filename: string, chunks: AsyncIterable<Buffer>): Promise<boolean> {
    const key = stagingKey(stagingId, position);
    const { head, body } = await peekChunks(chunks, SNIFF_BYTES);
    const bytes = await putObjectStream('private', key, body, stagedContentType(head));
    if (bytes === 0) {
      await deleteObject('private', key).catch(() => {});
      return false;
    }
    early.push({ position, filename: filename ? sanitizeFilename(filename) : `image-${position + 1}`, stagingKey: key });
    return true;
  }

  /** The fields are known: the batch opens and every early file gets its row and job, in arrival order. */
  async function openBatch(): Promise<string> {
    const id = await openUploadBatch(actor, bulkFieldsSchema.parse(fields));
    batchId = id;
    while (early.length > 0) {
      const file = early[0];
      await addUploadFile(id, file.position, { filename: file.filename, stagingKey: file.stagingKey });
      early = early.slice(1);
      queued++;
      kickJobs();
    }
    return id;
  }

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
      if (part.name !== 'files') continue;
      if (!batchId && !bulkFieldsSchema.safeParse(fields).success) {
        if (await stageEarlyFile(received, part.filename, part.chunks)) received++;
        continue;
      }
      const data = await collectChunks(part.chunks);
      if (data.length === 0) continue;
      const batch = batchId ?? (await openBatch());
      const staging: Promise<void> = stageFile(batch, received++, { filename: part.filename, data }).then(
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
    if (!batchId && early.length === 0) {
      bulkFieldsSchema.parse(fields);
      throw noImagesError();
    }
    const id = batchId ?? (await openBatch());
    await closeUploadBatch(actor, id, queued);
    return id;
  } catch (error) {
    await Promise.all(inFlight);
    await Promise.all(early.map((file) => deleteObject('private', file.stagingKey).catch(() => {})));
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
