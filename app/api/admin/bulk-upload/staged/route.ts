// POST /api/admin/bulk-upload/staged — admin: open a bulk upload whose images the browser sends straight to storage; one presigned PUT per file
import { stagedUploadRequest, stagedUploadResponse } from '@/lib/contract/staged-uploads';
import { openStagedBatch } from '@/lib/domain/uploads';
import { adminHandler } from '@/lib/http/admin';
import { bufferedBody } from '@/lib/http/body-limit';
import { jsonOf, parseJson } from '@/lib/http/handler';
import { toStagedUploadTarget } from '@/lib/http/responses/uploads';
import { MAX_FILES_PER_BATCH } from '@/lib/upload-limits';

/** A full batch of long file names still fits; the JSON of one file is well under 1 KB. */
const STAGED_REQUEST_BYTES = MAX_FILES_PER_BATCH * 1024;

export const POST = adminHandler(
  'catalogue',
  async (request, _context, admin) => {
    const { files, ...fields } = await parseJson(request, stagedUploadRequest);
    const { batchId, uploads } = await openStagedBatch(admin.username, fields, files);
    return jsonOf(stagedUploadResponse, { batch_id: batchId, uploads: uploads.map(toStagedUploadTarget) }, { status: 201 });
  },
  bufferedBody(STAGED_REQUEST_BYTES),
);
