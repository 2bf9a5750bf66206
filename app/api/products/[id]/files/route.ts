// POST /api/products/{id}/files — admin: add files (multipart, repeated `files`)
// DELETE /api/products/{id}/files?file_path=… — admin: remove one of this product's files
import { fileQuerySchema, idParams } from '@/lib/contract/admin';
import { revalidateCatalog } from '@/lib/cache/catalog';
import { addProductFiles, removeProductFile, type UploadedFile } from '@/lib/domain/catalog/admin';
import { AppError, invalid } from '@/lib/domain/errors';
import { adminHandler } from '@/lib/http/admin';
import { json, parseParams, parseQuery } from '@/lib/http/handler';

const MAX_FILE_BYTES = 200 * 1024 * 1024;

export const POST = adminHandler<{ id: string }>(async (request, { params }, admin) => {
  const { id } = await parseParams(params, idParams);
  const form = await request.formData().catch(() => {
    throw invalid('Expected multipart form data with files');
  });
  const files: UploadedFile[] = [];
  for (const entry of form.getAll('files')) {
    if (typeof entry === 'string') continue;
    if (entry.size > MAX_FILE_BYTES) throw new AppError('payload_too_large', `${entry.name} is larger than 200 MB`);
    if (entry.size === 0) throw invalid(`${entry.name} is empty`);
    files.push({ name: entry.name, type: entry.type, bytes: new Uint8Array(await entry.arrayBuffer()) });
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
