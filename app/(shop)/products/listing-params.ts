import { z } from 'zod';

import type { ListingParams } from './listing-href';

export type { ListingParams };

// /products query parameters. A page never fails on odd input: unusable values are dropped.
const textParam = z
  .string()
  .trim()
  .max(100)
  .transform((v) => v || undefined)
  .optional()
  .catch(undefined);

const schema = z.object({
  category: textParam,
  subcategory: textParam,
  search: textParam,
  page: z.coerce.number().int().min(1).max(10_000).catch(1).default(1),
});

const first = (v: string | string[] | undefined) => (Array.isArray(v) ? v[0] : v);

export function parseListingParams(raw: Record<string, string | string[] | undefined>): ListingParams {
  const parsed = schema.parse({
    category: first(raw.category),
    subcategory: first(raw.subcategory),
    search: first(raw.search),
    page: first(raw.page),
  });
  // A subcategory only means something inside its category.
  return parsed.category ? parsed : { ...parsed, subcategory: undefined };
}
