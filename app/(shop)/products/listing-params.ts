import { z } from 'zod';
import { LISTING_SORTS, MAX_PRICE_FILTER_DOLLARS } from '@/lib/shop';

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

/** Dollars to whole cents; blank, negative, non-numbers and absurd amounts are no bound. */
const priceParam = z
  .string()
  .trim()
  .regex(/^\d{1,6}(\.\d{1,2})?$/)
  .transform((v) => Math.round(Number(v) * 100))
  .refine((cents) => cents <= MAX_PRICE_FILTER_DOLLARS * 100)
  .optional()
  .catch(undefined);

const schema = z.object({
  category: textParam,
  subcategory: textParam,
  search: textParam,
  tag: textParam.transform((v) => v?.toLowerCase()),
  sort: z.enum(LISTING_SORTS).optional().catch(undefined),
  min_price: priceParam,
  max_price: priceParam,
  page: z.coerce.number().int().min(1).max(10_000).catch(1).default(1),
});

const first = (v: string | string[] | undefined) => (Array.isArray(v) ? v[0] : v);

export function parseListingParams(raw: Record<string, string | string[] | undefined>): ListingParams {
  const { min_price, max_price, ...parsed } = schema.parse(Object.fromEntries(Object.keys(schema.shape).map((key) => [key, first(raw[key])])));
  // Bounds given the wrong way round are taken the right way round.
  const [minPriceCents, maxPriceCents] =
    min_price !== undefined && max_price !== undefined && min_price > max_price ? [max_price, min_price] : [min_price, max_price];
  const params: ListingParams = { ...parsed, minPriceCents, maxPriceCents };
  // A subcategory only means something inside its category.
  return params.category ? params : { ...params, subcategory: undefined };
}
