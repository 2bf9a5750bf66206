import 'server-only';
import { z } from 'zod';
import type { CatalogItem, CategoryRecord } from '@/lib/domain/catalog';
import { isSaleActive } from '@/lib/domain/pricing';
import { centsToDollars } from '@/lib/format';
import { publicMediaUrl } from '@/lib/media';
import { API_LIST_LIMIT } from '@/lib/shop';

// The public catalogue contract (SPEC §3, §7): field names as the spec shows
// them, money in dollars. Never carries storage keys of paid files (S5).

const text = (max: number) => z.string().trim().min(1).max(max);

export const catalogQuerySchema = z.object({
  category: text(100).optional(),
  subcategory: text(100).optional(),
  search: text(100).optional(),
  limit: z.coerce.number().int().min(1).max(500).default(API_LIST_LIMIT),
  offset: z.coerce.number().int().min(0).max(1_000_000).default(0),
});

export const idParamsSchema = z.object({ id: z.string().trim().min(1).max(64).regex(/^[a-z0-9]+$/i, 'Invalid id') });

export type ProductResponse = {
  id: string;
  title: string;
  description: string;
  price: number;
  on_sale: boolean;
  sale_price: number | null;
  sale_start: string | null;
  sale_end: string | null;
  image_path: string | null;
  thumbnail_url: string | null;
  category: string | null;
  subcategory: string | null;
  tags: string[];
  original_filenames: string[];
  file_count: number;
  is_bundle: boolean;
  created_at: string;
  updated_at: string;
};

export type BundleResponse = ProductResponse & { cover_image_path: string | null; product_ids: string[] };

export function toProductResponse(item: CatalogItem, now = new Date()): ProductResponse {
  const active = isSaleActive(item, now);
  return {
    id: item.id,
    title: item.title,
    description: item.description,
    price: centsToDollars(item.priceCents),
    on_sale: active,
    sale_price: item.salePriceCents === null ? null : centsToDollars(item.salePriceCents),
    sale_start: item.saleStart,
    sale_end: item.saleEnd,
    image_path: item.imagePath,
    thumbnail_url: publicMediaUrl(item.thumbnailPath ?? item.imagePath, { absolute: true }),
    category: item.category,
    subcategory: item.subcategory,
    tags: item.tags,
    original_filenames: item.originalFilenames,
    file_count: item.fileCount,
    is_bundle: item.isBundle,
    created_at: item.createdAt,
    updated_at: item.updatedAt,
  };
}

export function toBundleResponse(item: CatalogItem, now = new Date()): BundleResponse {
  return { ...toProductResponse(item, now), cover_image_path: item.imagePath, product_ids: item.bundleProductIds };
}

export function toCatalogResponse(item: CatalogItem, now = new Date()): ProductResponse | BundleResponse {
  return item.isBundle ? toBundleResponse(item, now) : toProductResponse(item, now);
}

export type CategoryResponse = {
  id: string;
  name: string;
  subcategories: string[];
  display_image: string | null;
  display_image_url: string | null;
  updated_at: string;
};

export function toCategoryResponse(c: CategoryRecord): CategoryResponse {
  return {
    id: c.id,
    name: c.name,
    subcategories: c.subcategories,
    display_image: c.displayImagePath,
    display_image_url: publicMediaUrl(c.displayImagePath, { absolute: true }),
    updated_at: c.updatedAt,
  };
}
