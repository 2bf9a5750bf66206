// POST /api/products/{id}/files/{fileId}/versions — admin: replace a current file with a new version (multipart `file`)
import { fileVersionResponse, productFileParams } from '@/lib/contract/file-versions';
import { revalidateCatalog } from '@/lib/cache/catalog';
import { addFileVersion, type IncomingFile } from '@/lib/domain/catalog';
import { MAX_FIELD_BYTES, MAX_PRODUCT_FILE_BYTES, streamMultipart } from '@/lib/domain/uploads';
import { adminHandler } from '@/lib/http/admin';
import { MULTIPART_OVERHEAD_BYTES, streamedBody } from '@/lib/http/body-limit';
import { jsonOf, parseParams } from '@/lib/http/handler';
import { toFileVersionResponse } from '@/lib/http/responses/file-versions';

// The same streamed, bounded reader and per-file limit as adding files: a new
// version is checked exactly as a new file is (Decision 68).
const LIMITS = { maxFileBytes: MAX_PRODUCT_FILE_BYTES, maxFieldBytes: MAX_FIELD_BYTES, maxParts: 2 };
const MAX_UPLOAD_BYTES = MAX_PRODUCT_FILE_BYTES + MAX_FIELD_BYTES + MULTIPART_OVERHEAD_BYTES;

async function* newVersion(request: Request): AsyncGenerator<IncomingFile> {
  for await (const part of streamMultipart(request, LIMITS)) {
    if (part.kind === 'file' && part.name === 'file') yield { name: part.filename, type: part.contentType, chunks: part.chunks };
  }
}

export const POST = adminHandler<{ id: string; fileId: string }>(
  'catalogue',
  async (request, { params }, admin) => {
    const { id, fileId } = await parseParams(params, productFileParams);
    const version = await addFileVersion(admin.username, id, fileId, newVersion(request));
    // Public pages list file names: a renamed new version shows there.
    revalidateCatalog();
    return jsonOf(fileVersionResponse, toFileVersionResponse(version), { status: 201 });
  },
  streamedBody(MAX_UPLOAD_BYTES),
);
