// POST /api/products/{id}/files — admin: add files (multipart, repeated `files`; ?licence_tier= makes them that tier's extra files)
// DELETE /api/products/{id}/files?file_path=… — admin: remove one of this product's files
import { addFilesQuerySchema, fileQuerySchema, idParams } from '@/lib/contract/admin';
import { filesAddedResponse } from '@/lib/contract/catalog';
import { successResponse } from '@/lib/contract/common';
import { revalidateCatalog } from '@/lib/cache/catalog';
import { addProductFiles, removeProductFile, type IncomingFile } from '@/lib/domain/catalog';
import { MAX_FIELD_BYTES, MAX_PRODUCT_FILE_BYTES, MAX_PRODUCT_FILES, streamMultipart } from '@/lib/domain/uploads';
import { adminHandler } from '@/lib/http/admin';
import { MULTIPART_OVERHEAD_BYTES, streamedBody } from '@/lib/http/body-limit';
import { jsonOf, parseParams, parseQuery } from '@/lib/http/handler';

// request.formData() would read the whole body, however large, before any
// check; the streaming reader refuses a file the moment it passes the limit
// and hands each file on as it arrives, so up to 20 x 200 MB never sit in memory.
const LIMITS = { maxFileBytes: MAX_PRODUCT_FILE_BYTES, maxFieldBytes: MAX_FIELD_BYTES, maxParts: MAX_PRODUCT_FILES };
const MAX_UPLOAD_BYTES = MAX_PRODUCT_FILES * (MAX_PRODUCT_FILE_BYTES + MAX_FIELD_BYTES) + MULTIPART_OVERHEAD_BYTES;

async function* productFiles(request: Request): AsyncGenerator<IncomingFile> {
  for await (const part of streamMultipart(request, LIMITS)) {
    if (part.kind === 'file' && part.name === 'files') yield { name: part.filename, type: part.contentType, chunks: part.chunks };
  }
}

export const POST = adminHandler<{ id: string }>(async (request, { params }, admin) => {
  const { id } = await parseParams(params, idParams);
  const { licence_tier } = parseQuery(request, addFilesQuerySchema);
  const added = await addProductFiles(admin.username, id, productFiles(request), { licenceTier: licence_tier });
  revalidateCatalog();
  return jsonOf(filesAddedResponse, { success: true, added_count: added });
}, streamedBody(MAX_UPLOAD_BYTES));

export const DELETE = adminHandler<{ id: string }>(async (request, { params }, admin) => {
  const { id } = await parseParams(params, idParams);
  const { file_path } = parseQuery(request, fileQuerySchema);
  await removeProductFile(admin.username, id, file_path);
  revalidateCatalog();
  return jsonOf(successResponse, { success: true });
});
