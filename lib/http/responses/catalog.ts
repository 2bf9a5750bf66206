import 'server-only';
import type { AdminProductResponse, BundleResponse, CategoryResponse, GalleryImageResponse, ProductResponse, TagResponse } from '@/lib/contract/catalog';
import type { AdminCatalogItem, CatalogItem, CategoryRecord, GalleryImage } from '@/lib/domain/catalog';
import { licenceOptions, proportionalSaleCents, type TierRule } from '@/lib/domain/licences';
import { isSaleActive } from '@/lib/domain/pricing';
import { centsToDollars } from '@/lib/format';
import { publicMediaUrl } from '@/lib/media';
import { isoOrNull } from './dates';

// Catalogue records (camelCase, cents) to the API's shapes (snake_case, dollars):
// the one place each shape is made, typed by the contract's schema.

const dollarsOrNull = (cents: number | null) => (cents === null ? null : centsToDollars(cents));

export function toGalleryResponse(images: GalleryImage[]): GalleryImageResponse[] {
  return images.map((image) => ({
    id: image.id,
    url: publicMediaUrl(image.imagePath, { absolute: true }) ?? image.imagePath,
    thumbnail_url: publicMediaUrl(image.thumbnailPath, { absolute: true }),
    alt: image.alt,
  }));
}

/**
 * `price` and `sale_price` are the default tier's (the first of `licences`):
 * with the default tiers that is the item's own price, as the spec's clients
 * expect; a sale lowers every tier in proportion (Decision 081).
 */
export function toProductResponse(item: CatalogItem, tiers: TierRule[], now = new Date()): ProductResponse {
  const licences = licenceOptions(item, tiers, now);
  const defaultPrice = licences[0]?.priceCents ?? item.priceCents;
  return {
    id: item.id,
    title: item.title,
    description: item.description,
    price: centsToDollars(defaultPrice),
    // The stored flag alone would show a sale that ended or has not begun.
    on_sale: isSaleActive(item, now),
    sale_price: item.salePriceCents === null ? null : centsToDollars(proportionalSaleCents(defaultPrice, item)),
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
    images: toGalleryResponse(item.images),
    rating: item.rating,
    created_at: item.createdAt,
    updated_at: item.updatedAt,
    licences: licences.map((l) => ({ key: l.key, name: l.name, price: centsToDollars(l.priceCents), sale_price: dollarsOrNull(l.salePriceCents) })),
  };
}

export function toBundleResponse(item: CatalogItem, tiers: TierRule[], now = new Date()): BundleResponse {
  return { ...toProductResponse(item, tiers, now), is_bundle: true, cover_image_path: item.imagePath, product_ids: item.bundleProductIds };
}

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

export const toTagResponse = (t: { id: string; name: string }): TagResponse => ({ id: t.id, name: t.name });

/** The back office's view: stored sale fields as they are, and the files' storage keys (S5 allows them to admins only). */
export function toAdminProductResponse(p: AdminCatalogItem): AdminProductResponse {
  return {
    id: p.id,
    title: p.title,
    description: p.description,
    price: centsToDollars(p.priceCents),
    on_sale: p.onSale,
    sale_price: dollarsOrNull(p.salePriceCents),
    sale_start: isoOrNull(p.saleStart),
    sale_end: isoOrNull(p.saleEnd),
    image_path: p.imagePath,
    thumbnail_path: p.thumbnailPath,
    category: p.category,
    subcategory: p.subcategory,
    tags: p.tags,
    file_paths: p.files.map((f) => f.storageKey),
    file_path: p.files[0]?.storageKey ?? null,
    original_filenames: p.files.map((f) => f.originalFilename),
    file_ids: p.files.map((f) => f.id),
    file_licence_tiers: p.files.map((f) => f.licenceTier),
    licence_prices: Object.fromEntries(
      p.licencePrices.flatMap((l): [string, number | false][] =>
        !l.offered ? [[l.tierKey, false]] : l.priceCents === null ? [] : [[l.tierKey, centsToDollars(l.priceCents)]],
      ),
    ),
    is_bundle: p.isBundle,
    images: toGalleryResponse(p.images),
    product_ids: p.bundleProductIds,
    created_at: p.createdAt.toISOString(),
    updated_at: p.updatedAt.toISOString(),
  };
}
