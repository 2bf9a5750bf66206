// POST /api/admin/retry-failed/{batchId} — admin: queue the batch's failed files again
import { kickJobs } from '@/lib/domain/jobs';
import { batchIdParams, retryFailedFiles } from '@/lib/domain/uploads';
import { adminHandler } from '@/lib/http/admin';
import { retryFailedResponse } from '@/lib/contract/uploads';
import { jsonOf, parseParams } from '@/lib/http/handler';

export const POST = adminHandler<{ batchId: string }>('catalogue', async (_request, { params }, admin) => {
  const { batchId } = await parseParams(params, batchIdParams);
  const queued = await retryFailedFiles(admin.username, batchId);
  kickJobs();
  const message = queued === 0 ? 'No failed files to retry' : `Retrying ${queued} file(s)`;
  return jsonOf(retryFailedResponse, { success: true, batch_id: batchId, message });
});
