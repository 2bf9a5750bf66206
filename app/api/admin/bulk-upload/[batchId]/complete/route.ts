// POST /api/admin/bulk-upload/{batchId}/complete — admin: a staged batch gets no more files; those never received fail
import { uploadCompleteResponse } from '@/lib/contract/staged-uploads';
import { batchIdParams, completeStagedBatch } from '@/lib/domain/uploads';
import { adminHandler } from '@/lib/http/admin';
import { jsonOf, parseParams } from '@/lib/http/handler';

export const POST = adminHandler<{ batchId: string }>('catalogue', async (_request, { params }) => {
  const { batchId } = await parseParams(params, batchIdParams);
  const neverReceived = await completeStagedBatch(batchId);
  const message = neverReceived === 0 ? 'Upload complete' : `${neverReceived} file(s) never reached storage`;
  return jsonOf(uploadCompleteResponse, { success: true, batch_id: batchId, never_received: neverReceived, message });
});
