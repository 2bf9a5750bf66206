// Receives a bulk upload: each image is written to the private staging area as
// it arrives (one file in memory at a time), then the batch and its jobs are
// created. Checks that need a decode happen in the background job, so one bad
// file never sinks the other 199; a file over the byte limit refuses the request.
import 'server-only';
import { deleteObject, putObject, sanitizeFilename } from '@/lib/infra/storage';
import { createUploadBatch, type StagedFile } from './batch';
import { bulkFieldsSchema } from './contract';
import { newId, stagingKey } from './ids';
import { MAX_FIELD_BYTES, MAX_FILES_PER_BATCH, MAX_IMAGE_BYTES } from './limits';
import type { FormPart } from './multipart';

export const BULK_LIMITS = { maxFileBytes: MAX_IMAGE_BYTES, maxFieldBytes: MAX_FIELD_BYTES, maxParts: MAX_FILES_PER_BATCH + 10 };

export async function stageBulkUpload(actor: string, parts: AsyncIterable<FormPart>): Promise<string> {
  const stagingId = newId();
  const staged: StagedFile[] = [];
  try {
    const fields: Record<string, string> = {};
    for await (const part of parts) {
      if (part.kind === 'field') {
        fields[part.name] = part.value;
      } else if (part.name === 'files' && part.data.length > 0) {
        const key = stagingKey(stagingId, staged.length);
        await putObject('private', key, part.data, 'application/octet-stream');
        staged.push({ filename: part.filename ? sanitizeFilename(part.filename) : `image-${staged.length + 1}`, stagingKey: key });
      }
    }
    const input = bulkFieldsSchema.parse(fields);
    return await createUploadBatch(actor, input, staged);
  } catch (error) {
    await Promise.all(staged.map((f) => deleteObject('private', f.stagingKey).catch(() => {})));
    throw error;
  }
}
