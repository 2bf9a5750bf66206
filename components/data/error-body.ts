import * as z from 'zod/mini';
import type { ErrorBody } from '@/lib/contract/error';

// lib/contract's error shape in zod/mini, checked against its type so it
// cannot drift. The API client imports it only when a request has failed, so
// zod stays out of every page's first-load JavaScript (docs/performance.md).
export const errorBodySchema: z.ZodMiniType<ErrorBody> = z.object({
  detail: z.string(),
  code: z.string(),
  fields: z.optional(z.record(z.string(), z.array(z.string()))),
});
