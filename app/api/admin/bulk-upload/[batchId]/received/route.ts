// POST /api/admin/bulk-upload/{batchId}/received — admin: files of a staged batch now in storage; each that checks out is queued
import { kickJobs } from '@/lib/domain/jobs';
import { stagedFilesRequest, uploadsReceivedResponse } from '@/lib/contract/staged-uploads';
import { batchIdParams, receiveStagedFiles } from '@/lib/domain/uploads';
import { adminHandler } from '@/lib/http/admin';
import { jsonOf, parseJson, parseParams } from '@/lib/http/handler';

export const POST = adminHandler<{ batchId: string }>('catalogue', async (request, { params }) => {
  const { batchId } = await parseParams(params, batchIdParams);
  const { file_ids } = await parseJson(request, stagedFilesRequest);
  const queued = await receiveStagedFiles(batchId, file_ids);
  kickJobs();
  return jsonOf(uploadsReceivedResponse, { queued }, { status: 202 });
});
