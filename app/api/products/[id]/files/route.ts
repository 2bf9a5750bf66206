// POST /api/products/{id}/files — admin: add files (multipart, repeated `files`)
// DELETE /api/products/{id}/files?file_path=… — admin: remove one of this product's files
import { fileQuerySchema, idParams } from '@/lib/contract/admin';
import { revalidateCatalog } from '@/lib/cache/catalog';
import { addProductFiles, removeProductFile, type UploadedFile } from '@/lib/domain/catalog/admin';
import { invalid } from '@/lib/domain/errors';
import { MAX_FIELD_BYTES, MAX_PRODUCT_FILE_BYTES, MAX_PRODUCT_FILES } from '@/lib/domain/uploads/limits';
import { readMultipart } from '@/lib/domain/uploads/multipart';
import { adminHandler } from '@/lib/http/admin';
import { MULTIPART_OVERHEAD_BYTES, refuseBodyOver } from '@/lib/http/body-limit';
import { json, parseParams, parseQuery } from '@/lib/http/handler';

// request.formData() would read the whole body, however large, before any
// check: the streaming reader refuses a file the moment it passes the limit.
const LIMITS = { maxFileBytes: MAX_PRODUCT_FILE_BYTES, maxFieldBytes: MAX_FIELD_BYTES, maxParts: MAX_PRODUCT_FILES };

export const POST = adminHandler<{ id: string }>(async (request, { params }, admin) => {
  const { id } = await parseParams(params, idParams);
  refuseBodyOver(request, MAX_PRODUCT_FILES * (MAX_PRODUCT_FILE_BYTES + MAX_FIELD_BYTES) + MULTIPART_OVERHEAD_BYTES, 'The upload');
  const files: UploadedFile[] = [];
  for await (const part of readMultipart(request, LIMITS)) {
    if (part.kind !== 'file' || part.name !== 'files') continue;
    if (part.data.length === 0) throw invalid(`${part.filename} is empty`);
    files.push({ name: part.filename, type: part.contentType, bytes: new Uint8Array(part.data.buffer, part.data.byteOffset, part.data.byteLength) });
  }
  const added = await addProductFiles(admin.username, id, files);
  revalidateCatalog();
  return json({ success: true, added_count: added });
});

export const DELETE = adminHandler<{ id: string }>(async (request, { params }, admin) => {
  const { id } = await parseParams(params, idParams);
  const { file_path } = parseQuery(request, fileQuerySchema);
  await removeProductFile(admin.username, id, file_path);
  revalidateCatalog();
  return json({ success: true });
});
