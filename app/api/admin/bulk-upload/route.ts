// POST /api/admin/bulk-upload — admin: stage images (multipart files, price, category, subcategory, tags) and queue one job per file
import { kickJobs } from '@/lib/domain/jobs';
import { BULK_LIMITS, stageBulkUpload, streamMultipart } from '@/lib/domain/uploads';
import { adminHandler } from '@/lib/http/admin';
import { streamedBody } from '@/lib/http/body-limit';
import { bulkUploadResponse } from '@/lib/contract/uploads';
import { jsonOf } from '@/lib/http/handler';

export const POST = adminHandler(
  'catalogue',
  async (request, _context, admin) => {
    const batchId = await stageBulkUpload(admin.username, streamMultipart(request, BULK_LIMITS));
    kickJobs();
    return jsonOf(bulkUploadResponse, { batch_id: batchId }, { status: 202 });
    // The streaming reader's per-part limits bound the body, not one total.
  },
  streamedBody(),
);
