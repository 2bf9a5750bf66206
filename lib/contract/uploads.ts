import { z } from 'zod';
import { successResponse } from './common';

// Uploads from the back office (SPEC §3 "Upload progress").

export const uploadStage = z.enum(['processing', 'complete', 'failed', 'partial']);
export type UploadStage = z.infer<typeof uploadStage>;

// GET /api/admin/upload-progress/{batchId}.
export const uploadProgressResponse = z.object({
  batch_id: z.string(),
  stage: uploadStage,
  current_file: z.number().int().min(0),
  total_files: z.number().int().min(0),
  current_filename: z.string(),
  message: z.string(),
  successful_files: z.number().int().min(0),
  failed_files: z.array(z.object({ filename: z.string(), error: z.string() })),
});
export type UploadProgressResponse = z.infer<typeof uploadProgressResponse>;

// POST /api/admin/bulk-upload: the batch to poll (202).
export const bulkUploadResponse = z.object({ batch_id: z.string() });
// POST /api/admin/retry-failed/{batchId}.
export const retryFailedResponse = successResponse.extend({ batch_id: z.string(), message: z.string() });
// POST /api/admin/individual-upload (201).
export const individualUploadResponse = successResponse.extend({ product_id: z.string(), title: z.string() });
// POST /api/admin/analyze-image.
export const analyzeImageResponse = z.object({ generated_filename: z.string() });
