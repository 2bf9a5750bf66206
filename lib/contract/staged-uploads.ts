import { z } from 'zod';
import { MAX_FILES_PER_BATCH, MAX_IMAGE_BYTES, UPLOAD_IMAGE_TYPES } from '@/lib/upload-limits';
import { isoDateTime, successResponse } from './common';
import { bulkFieldsSchema } from './uploads';

// Staged bulk uploads (Decision 070): the browser PUTs each image straight to storage
// through a presigned URL, so the shop itself only answers these small JSON calls.

const MB = 1024 * 1024;
const id = (what: string) =>
  z
    .string()
    .min(1)
    .max(64)
    .regex(/^[a-z0-9]+$/i, `Invalid ${what} id`);

const declaredFile = z.object({
  name: z.string({ error: 'Each file needs a name' }).trim().min(1, 'Each file needs a name').max(200, 'A file name is at most 200 characters'),
  size: z.number({ error: 'Each file needs its size in bytes' }).int('Each file needs its size in bytes'),
  type: z.string({ error: 'Each file needs its type' }).max(100),
});

// Each problem names its file: in a folder of 500, "too large" alone helps nobody.
const declaredFiles = z
  .array(declaredFile, { error: 'Choose at least one image' })
  .min(1, 'Choose at least one image')
  .max(MAX_FILES_PER_BATCH, `At most ${MAX_FILES_PER_BATCH} files in one upload`)
  .superRefine((files, ctx) => {
    files.forEach((file, index) => {
      const issue = (field: string, message: string) => ctx.addIssue({ code: 'custom', path: [index, field], message: `${file.name}: ${message}` });
      if (file.size < 1) issue('size', 'the file is empty');
      if (file.size > MAX_IMAGE_BYTES) issue('size', `the file is larger than ${MAX_IMAGE_BYTES / MB} MB`);
      if (!(UPLOAD_IMAGE_TYPES as readonly string[]).includes(file.type))
        issue('type', 'not a supported image (JPEG, PNG, WebP, GIF, TIFF or AVIF); SVG is not accepted');
    });
  });

// JSON clients send a number and a list; the multipart form's text rules then apply unchanged.
const numberAsText = (v: unknown) => (typeof v === 'number' ? String(v) : v);
const listAsText = (v: unknown) => (Array.isArray(v) ? v.join(', ') : v);

// POST /api/admin/bulk-upload/staged: the form's fields and what each file is.
export const stagedUploadRequest = bulkFieldsSchema.extend({
  price: z.preprocess(numberAsText, bulkFieldsSchema.shape.price),
  tags: z.preprocess(listAsText, bulkFieldsSchema.shape.tags),
  files: declaredFiles,
});
export type StagedUploadRequest = z.input<typeof stagedUploadRequest>;

/** Where and how to send one file: exactly these headers, exactly its declared size, before `expires_at`. */
export const stagedUploadTarget = z.object({
  file_id: z.string(),
  url: z.url(),
  method: z.literal('PUT'),
  headers: z.record(z.string(), z.string()),
  expires_at: isoDateTime,
});
export type StagedUploadTarget = z.infer<typeof stagedUploadTarget>;

// POST /api/admin/bulk-upload/staged (201).
export const stagedUploadResponse = z.object({ batch_id: z.string(), uploads: z.array(stagedUploadTarget) });
export type StagedUploadResponse = z.infer<typeof stagedUploadResponse>;

// POST /api/admin/bulk-upload/{batchId}/received and …/urls: files of the batch.
export const stagedFilesRequest = z.object({
  file_ids: z
    .array(id('file'), { error: 'file_ids must list the files' })
    .min(1, 'Name at least one file')
    .max(MAX_FILES_PER_BATCH, `At most ${MAX_FILES_PER_BATCH} files at once`),
});

// POST /api/admin/bulk-upload/{batchId}/received (202): files that became jobs now.
export const uploadsReceivedResponse = z.object({ queued: z.number().int().min(0) });
export type UploadsReceivedResponse = z.infer<typeof uploadsReceivedResponse>;

// POST /api/admin/bulk-upload/{batchId}/urls: fresh URLs for files still awaiting (none for the others).
export const uploadUrlsResponse = z.object({ uploads: z.array(stagedUploadTarget) });
export type UploadUrlsResponse = z.infer<typeof uploadUrlsResponse>;

// POST /api/admin/bulk-upload/{batchId}/complete: the batch is closed; files never reported failed.
export const uploadCompleteResponse = successResponse.extend({ batch_id: z.string(), never_received: z.number().int().min(0) });
export type UploadCompleteResponse = z.infer<typeof uploadCompleteResponse>;
