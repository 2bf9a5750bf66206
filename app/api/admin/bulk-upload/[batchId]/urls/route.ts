// POST /api/admin/bulk-upload/{batchId}/urls — admin: fresh presigned PUTs for files of a staged batch still awaiting upload
import { stagedFilesRequest, uploadUrlsResponse } from '@/lib/contract/staged-uploads';
import { batchIdParams, renewStagedUploads } from '@/lib/domain/uploads';
import { adminHandler } from '@/lib/http/admin';
import { jsonOf, parseJson, parseParams } from '@/lib/http/handler';
import { toStagedUploadTarget } from '@/lib/http/responses/uploads';

export const POST = adminHandler<{ batchId: string }>('catalogue', async (request, { params }) => {
  const { batchId } = await parseParams(params, batchIdParams);
  const { file_ids } = await parseJson(request, stagedFilesRequest);
  const uploads = await renewStagedUploads(batchId, file_ids);
  return jsonOf(uploadUrlsResponse, { uploads: uploads.map(toStagedUploadTarget) });
});
