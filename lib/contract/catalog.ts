import { z } from 'zod';
import { API_LIST_LIMIT, LISTING_SORTS, MAX_GALLERY_IMAGES, MAX_IMAGE_ALT_LENGTH, MAX_PRICE_FILTER_DOLLARS } from '@/lib/shop';
import { dollars, idListQuery, isoDateTime, pathId, successResponse } from './common';
import { itemLicenceResponse } from './licences';

// The catalogue contract (docs/product.md §3, §7): field names as the spec shows them,
// money in dollars. The public shapes never carry storage keys of paid files (S5);
// the admin view does (adminProductResponse).

const text = (max: number) => z.string().trim().min(1).max(max);

/** A price bound in dollars (at most two decimals), as whole cents. */
const priceBound = z.coerce
  .number({ message: 'Enter a price in dollars' })
  .min(0, 'A price cannot be negative')
  .max(MAX_PRICE_FILTER_DOLLARS, `At most ${MAX_PRICE_FILTER_DOLLARS} dollars`)
  .refine((v) => Math.abs(v * 100 - Math.round(v * 100)) < 1e-6, 'At most two decimals')
  .transform((v) => Math.round(v * 100));

// GET /api/products, /api/bundles: filters, order (Decision 088) and the page.
export const catalogQuerySchema = z
  .object({
    category: text(100).optional(),
    subcategory: text(100).optional(),
    search: text(100).optional(),
    tag: text(100)
      .transform((v) => v.toLowerCase())
      .optional(),
    sort: z.enum(LISTING_SORTS, { message: `Sort by one of ${LISTING_SORTS.join(', ')}` }).optional(),
    min_price: priceBound.optional(),
    max_price: priceBound.optional(),
    limit: z.coerce.number().int().min(1).max(500).default(API_LIST_LIMIT),
    offset: z.coerce.number().int().min(0).max(1_000_000).default(0),
  })
  .refine((q) => q.min_price === undefined || q.max_price === undefined || q.min_price <= q.max_price, {
    message: 'min_price cannot be above max_price',
    path: ['min_price'],
  })
  .transform(({ min_price, max_price, ...rest }) => ({ ...rest, minPriceCents: min_price, maxPriceCents: max_price }));

/** At most this many products asked about per recommendations request (a cart's worth). */
export const MAX_RECOMMENDATION_SOURCES = 20;
/** Items a recommendations answer holds at most. */
export const MAX_RECOMMENDATIONS = 12;

// GET /api/recommendations?product_ids=a,b: what to offer beside a cart or an order (Decision 089).
export const recommendationsQuerySchema = z.object({
  product_ids: idListQuery(MAX_RECOMMENDATION_SOURCES, 'Name the products: product_ids=a,b'),
});

export const idParamsSchema = z.object({
  id: z
    .string()
    .trim()
    .min(1)
    .max(64)
    .regex(/^[a-z0-9]+$/i, 'Invalid id'),
});

// One image of a gallery (Decision 086): the watermarked preview, its WebP thumbnail, alt text.
export const galleryImage = z.object({ id: z.string(), url: z.string(), thumbnail_url: z.string().nullable(), alt: z.string() });
export type GalleryImageResponse = z.infer<typeof galleryImage>;

// The fields the public and the admin views of a product or bundle share.
const catalogItemFields = {
  id: z.string(),
  title: z.string(),
  description: z.string(),
  price: dollars,
  on_sale: z.boolean(),
  sale_price: dollars.nullable(),
  sale_start: isoDateTime.nullable(),
  sale_end: isoDateTime.nullable(),
  image_path: z.string().nullable(),
  category: z.string().nullable(),
  subcategory: z.string().nullable(),
  tags: z.array(z.string()),
  original_filenames: z.array(z.string()),
  is_bundle: z.boolean(),
  /** Every image, the main one (image_path) first. */
  images: z.array(galleryImage),
  created_at: isoDateTime,
  updated_at: isoDateTime,
};

// GET /api/products, /api/products/{id}: one product (docs/product.md §3).
export const productResponse = z.object({
  ...catalogItemFields,
  thumbnail_url: z.string().nullable(),
  file_count: z.number().int().min(0),
  /** Shown reviews' average (one decimal) and count; null before the first review. */
  rating: z.object({ average: z.number().min(1).max(5), count: z.number().int().min(1) }).nullable(),
  /** The licence tiers it sells, default first (Decision 081); `price` and `sale_price` are the default tier's. */
  licences: z.array(itemLicenceResponse),
});
export type ProductResponse = z.infer<typeof productResponse>;

// GET /api/bundles, /api/bundles/{id}: a product with a bundle flag, its cover and contents.
export const bundleResponse = productResponse.extend({
  is_bundle: z.literal(true),
  cover_image_path: z.string().nullable(),
  product_ids: z.array(z.string()),
});
export type BundleResponse = z.infer<typeof bundleResponse>;

// GET /api/categories.
export const categoryResponse = z.object({
  id: z.string(),
  name: z.string(),
  subcategories: z.array(z.string()),
  display_image: z.string().nullable(),
  display_image_url: z.string().nullable(),
  updated_at: isoDateTime,
});
export type CategoryResponse = z.infer<typeof categoryResponse>;

// POST /api/categories, PUT /api/categories/{id}.
export const categoryWriteResponse = successResponse.extend({ id: z.string(), name: z.string(), subcategories: z.array(z.string()) });
// POST and DELETE of /api/categories/{id}/subcategories.
export const subcategoriesResponse = successResponse.extend({ subcategories: z.array(z.string()) });

// GET /api/tags; POST /api/tags answers one with `success`.
export const tagResponse = z.object({ id: z.string(), name: z.string() });
export type TagResponse = z.infer<typeof tagResponse>;
export const tagWriteResponse = successResponse.extend(tagResponse.shape);

// GET /api/settings/banner; POST answers the saved (upper-case) message.
export const bannerResponse = z.object({ message: z.string() });
export const bannerWriteResponse = successResponse.extend(bannerResponse.shape);

// GET /api/admin/products: stored sale fields as they are, and the files' storage keys (admins only, S5).
export const adminProductResponse = z.object({
  ...catalogItemFields,
  thumbnail_path: z.string().nullable(),
  file_paths: z.array(z.string()),
  file_path: z.string().nullable(),
  /** Stable ids of the files, in the order of file_paths. */
  file_ids: z.array(z.string()),
  /** Per file, the licence tier it is an extra file of (null: every buyer's). */
  file_licence_tiers: z.array(z.string().nullable()),
  /** Its own licence prices by tier key, and false for a tier not sold with it; a tier absent follows its rule. */
  licence_prices: z.record(z.string(), z.union([dollars, z.literal(false)])),
  product_ids: z.array(z.string()),
});
export type AdminProductResponse = z.infer<typeof adminProductResponse>;

// PUT /api/products/{id}, /api/bundles/{id}.
export const catalogItemWriteResponse = successResponse.extend({ id: z.string() });
// POST /api/admin/bundles: the new bundle's id.
export const bundleCreateResponse = z.object({ id: z.string() });
// POST /api/products/{id}/image: the new mockup (or bundle cover) and its thumbnail.
export const catalogItemImageResponse = successResponse.extend({ image_path: z.string(), thumbnail_path: z.string() });
// POST /api/categories/{id}/image: the new display image.
export const categoryImageResponse = successResponse.extend({ display_image: z.string() });
// POST /api/admin/products/bulk-delete, bulk-update; POST /api/products/{id}/files.
export const bulkDeleteResponse = successResponse.extend({ deleted_count: z.number().int().min(0) });
export const bulkUpdateResponse = successResponse.extend({ updated_count: z.number().int().min(0) });
export const filesAddedResponse = successResponse.extend({ added_count: z.number().int().min(0) });

// POST /api/products/{id}/images, PUT …, DELETE …/{imageId} (and the same under /api/bundles): the gallery after the change.
export const galleryResponse = successResponse.extend({ images: z.array(galleryImage) });
export const galleryImageParams = idParamsSchema.extend({ imageId: pathId });
/** PUT …/images: every image of the gallery once, in the new order, each with its alt text. */
export const galleryArrangeSchema = z
  .array(z.object({ id: z.string().trim().min(1).max(64), alt: z.string().max(MAX_IMAGE_ALT_LENGTH).default('') }))
  .min(1)
  .max(MAX_GALLERY_IMAGES);
