import { z } from 'zod';

// Text fields of the upload forms (SPEC §5): price with cents, category required,
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

export const batchIdParams = z.object({
  batchId: z
    .string()
    .min(1)
    .max(64)
    .regex(/^[a-z0-9]+$/i, 'Invalid batch id'),
});

export type BulkFields = z.infer<typeof bulkFieldsSchema>;
export type IndividualFields = z.infer<typeof individualFieldsSchema>;
