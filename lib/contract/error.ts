import { z } from 'zod';

// The one error shape every endpoint answers with. `detail` is the message a
// client shows ("server detail message" in docs/product.md §8).
export const errorBodySchema = z.object({
  detail: z.string(),
  code: z.string(),
  fields: z.record(z.string(), z.array(z.string())).optional(),
});

export type ErrorBody = z.infer<typeof errorBodySchema>;
