// GET /api/admin/upload-progress/{batchId} — admin: progress of a bulk upload, read from the database
import { revalidateCatalog } from '@/lib/cache/catalog';
import { batchIdParams, getUploadProgress } from '@/lib/domain/uploads';
import { adminHandler } from '@/lib/http/admin';
import { json, parseParams } from '@/lib/http/handler';
import { toUploadProgressResponse } from '@/lib/http/responses/uploads';

export const GET = adminHandler<{ batchId: string }>('catalogue', async (_request, { params }) => {
  const { batchId } = await parseParams(params, batchIdParams);
  const progress = await getUploadProgress(batchId);
  // Products are created by the background worker, outside any request that could revalidate
  // the pages; once per finished batch, not on every poll, so a long batch does not churn the cache.
  if (progress.stage !== 'processing' && progress.successfulFiles > 0) revalidateCatalog();
  return json(toUploadProgressResponse(progress));
});
