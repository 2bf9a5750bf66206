import { z } from 'zod';
import { bulkFieldsSchema, individualFieldsSchema } from '@/lib/contract/uploads';

// The form fields are part of the API's contract (lib/contract/uploads.ts), shared with the direct-upload request.
export { bulkFieldsSchema, individualFieldsSchema };

export const batchIdParams = z.object({
  batchId: z
    .string()
    .min(1)
    .max(64)
    .regex(/^[a-z0-9]+$/i, 'Invalid batch id'),
});

export type BulkFields = z.infer<typeof bulkFieldsSchema>;
export type IndividualFields = z.infer<typeof individualFieldsSchema>;
