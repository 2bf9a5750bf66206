import { z } from 'zod';
import { successResponse } from './common';

// Uploads from the back office (docs/product.md §3 "Upload progress", §5 the form fields).

// Text fields of the upload forms (docs/product.md §5): price with cents, category required,
// subcategory optional, tags comma-separated. Files travel beside them.
// Coercion alone would read an empty field as 0, a free product nobody asked for.
const price = z
  .string({ error: 'Price is required' })
  .trim()
  .min(1, 'Price is required')
  .pipe(
    z.coerce
      .number<string>({ error: 'Price must be a number' })
      .min(0, 'Price must be 0 or more')
      .max(100_000)
      .multipleOf(0.01, 'Price has at most 2 decimals'),
  );
const optionalText = (max: number) =>
  z
    .string()
    .trim()
    .max(max)
    .optional()
    .transform((v) => v || undefined);

export const bulkFieldsSchema = z.object({
  price,
  category: z.string({ error: 'Category is required' }).trim().min(1, 'Category is required').max(100),
  subcategory: optionalText(100),
  tags: optionalText(1000),
});

export const individualFieldsSchema = bulkFieldsSchema.extend({
  title: z.string({ error: 'Title is required' }).trim().min(1, 'Title is required').max(200),
  description: z
    .string()
    .max(5000)
    .optional()
    .transform((v) => v?.trim() ?? ''),
});

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
