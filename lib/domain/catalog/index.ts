// The catalogue: products, bundles, categories, tags and the banner, read for
// shoppers. Deleted products never appear; storage keys of paid files never
// leave this module (only filenames and counts do).
import 'server-only';
import { db, Prisma } from '@/lib/infra/db';
import { defaultBanner, normalizeBanner } from '@/lib/banner';
import { getShopIdentity } from '@/lib/domain/shop-identity';
import { withRatings } from '@/lib/domain/reviews';
import { galleryOf } from './gallery';
import { PRISMA_ORDER } from './listing-order';
import { canCountByPrice, countByPrice } from './price-counts';
import { searchCatalog as searchWithPlan, type SearchCounts, type SearchFilter, type SearchPage } from './search';
import { BANNER_KEY } from './settings';
import type { CatalogFilter, CatalogItem, CatalogPage, CategoryRecord } from './types';

export type { CatalogFilter, CatalogItem, CatalogPage, CategoryRecord, RatingSummary } from './types';
export { addGalleryImages, arrangeGallery, removeGalleryImage, MAIN_IMAGE_ID, type GalleryEntry, type GalleryImage } from './gallery';
export type { SearchCounts, SearchFilter, SearchPage } from './search';
export { rankedQueries, searchWords } from './search-query';
export { bulkDeleteCatalogItems, bulkUpdateCategory, deleteCatalogItem, setBanner, updateCatalogItem, type BulkTarget, type ProductEdit } from './admin';
export { listAdminCatalog, type AdminCatalogItem } from './admin-read';
export { addProductFiles, removeProductFile, type IncomingFile } from './product-files';
export { addSubcategory, createCategory, createTag, deleteCategory, deleteTag, removeSubcategory, renameTag, updateCategory } from './taxonomy';
export { createBundle, MAX_BUNDLE_PRODUCTS, type NewBundle } from './bundles';
export { addFileVersion, getFileHistory, type FileHistory, type FileVersionRecord } from './file-versions';
export { setCatalogItemImage, setCategoryImage } from './images';
export { getPublicMedia } from './media';
export { listRecommendedIds, mergeRecommendations, RECOMMENDED_COUNT } from './recommendations';
export { LIST_PRICES_CRON, LIST_PRICES_JOB, refreshListPrices } from './list-prices';
export { selectionSql, selectionWhere, type ProductSelection } from './selection';
export { priceRuleProblem, type PriceRuleProblem, type PriceState } from './edit-rules';
export { BANNER_KEY } from './settings';

export const MAX_PAGE_SIZE = 500;

const itemInclude = {
  category: { select: { name: true } },
  // What a new buyer gets: removed files and bundle items stay only with earlier orders.
  // Every buyer's files; a licence tier's extras are that tier's to know about (Decision 081).
  files: { where: { removedAt: null, supersededAt: null, licenceTierId: null }, select: { originalFilename: true }, orderBy: { position: 'asc' } },
  bundleItems: { where: { removedAt: null }, select: { productId: true }, orderBy: { position: 'asc' } },
  images: { select: { id: true, imagePath: true, thumbnailPath: true, alt: true }, orderBy: { position: 'asc' } },
  licencePrices: { select: { tierId: true, priceCents: true, offered: true } },
} satisfies Prisma.ProductInclude;

type ItemRow = Prisma.ProductGetPayload<{ include: typeof itemInclude }>;

function toCatalogItem(row: ItemRow): CatalogItem {
  return {
    id: row.id,
    isBundle: row.isBundle,
    title: row.title,
    description: row.description,
    priceCents: row.priceCents,
    onSale: row.onSale,
    salePriceCents: row.salePriceCents,
    saleStart: row.saleStart?.toISOString() ?? null,
    saleEnd: row.saleEnd?.toISOString() ?? null,
    imagePath: row.imagePath,
    thumbnailPath: row.thumbnailPath,
    images: galleryOf(row),
    rating: null,
    category: row.category?.name ?? null,
    subcategory: row.subcategory,
    tags: row.tags,
    fileCount: row.files.length,
    originalFilenames: row.files.map((f) => f.originalFilename),
    bundleProductIds: row.bundleItems.map((b) => b.productId),
    licencePrices: row.licencePrices,
    createdAt: row.createdAt.toISOString(),
    updatedAt: row.updatedAt.toISOString(),
  };
}

function whereFor(filter: CatalogFilter): Prisma.ProductWhereInput {
  const where: Prisma.ProductWhereInput = { deletedAt: null };
  if (filter.kind === 'product') where.isBundle = false;
  if (filter.kind === 'bundle') where.isBundle = true;
  if (filter.category) where.category = { name: filter.category };
  if (filter.subcategory) where.subcategory = filter.subcategory;
  if (filter.tag) where.tags = { has: filter.tag };
  if (filter.minPriceCents !== undefined || filter.maxPriceCents !== undefined) {
    where.listPriceCents = { gte: filter.minPriceCents, lte: filter.maxPriceCents };
  }
  return where;
}

export async function listCatalog(filter: CatalogFilter = {}): Promise<CatalogPage> {
  if (filter.search?.trim()) return searchCatalog({ ...filter, search: filter.search });
  const [items, total] = await Promise.all([listCatalogItems(filter), countCatalog(filter)]);
  return { items, total };
}

/** A search listing; `known` (recent match counts) lets it pick the cheaper plan (see search.ts). */
export function searchCatalog(filter: SearchFilter, known?: SearchCounts): Promise<SearchPage> {
  return searchWithPlan(filter, { byIds: getCatalogItems, maxPageSize: MAX_PAGE_SIZE }, known);
}

/** One page of a browse listing in its sort's order (read in index order, so it stops after the page). */
export async function listCatalogItems(filter: CatalogFilter = {}): Promise<CatalogItem[]> {
  const rows = await db().product.findMany({
    where: whereFor(filter),
    include: itemInclude,
    orderBy: PRISMA_ORDER[filter.sort ?? 'newest'],
    take: Math.min(filter.limit ?? 100, MAX_PAGE_SIZE),
    skip: filter.offset ?? 0,
  });
  return withRatings(rows.map(toCatalogItem));
}

/** How many items of a browse listing match, all pages together (by the kept price counts unless a tag narrows it). */
export async function countCatalog(filter: CatalogFilter = {}): Promise<number> {
  return canCountByPrice(filter) ? countByPrice(filter) : db().product.count({ where: whereFor(filter) });
}

export async function listNewestProducts(count: number): Promise<CatalogItem[]> {
  const rows = await db().product.findMany({
    where: { deletedAt: null, isBundle: false },
    include: itemInclude,
    orderBy: [{ createdAt: 'desc' }, { id: 'asc' }],
    take: count,
  });
  return withRatings(rows.map(toCatalogItem));
}

/** A product or bundle by id; `kind` restricts which. Null when absent or deleted. */
export async function getCatalogItem(id: string, kind: CatalogFilter['kind'] = 'all'): Promise<CatalogItem | null> {
  const row = await db().product.findFirst({
    where: { id, deletedAt: null, ...(kind === 'all' ? {} : { isBundle: kind === 'bundle' }) },
    include: itemInclude,
  });
  return row ? (await withRatings([toCatalogItem(row)]))[0] : null;
}

/** Several items in one query, in the order asked; absent or deleted ids are skipped. */
export async function getCatalogItems(ids: string[]): Promise<CatalogItem[]> {
  if (ids.length === 0) return [];
  const rows = await db().product.findMany({ where: { id: { in: ids }, deletedAt: null }, include: itemInclude });
  const byId = new Map((await withRatings(rows.map(toCatalogItem))).map((item) => [item.id, item]));
  return ids.flatMap((id) => byId.get(id) ?? []);
}

/** Search engines take at most 50,000 URLs per sitemap file. */
export const SITEMAP_MAX_URLS = 50_000;

/** How many product sitemap files `count` items fill (at least one, so the index is never empty of them). */
export function productSitemapCount(count: number): number {
  return Math.max(1, Math.ceil(count / SITEMAP_MAX_URLS));
}

export async function countCatalogItems(): Promise<number> {
  return db().product.count({ where: { deletedAt: null } });
}

/** One sitemap's worth of ids, newest first (served by the createdAt index). */
export async function listCatalogIds(page = 0): Promise<{ id: string; updatedAt: string }[]> {
  const rows = await db().product.findMany({
    where: { deletedAt: null },
    select: { id: true, updatedAt: true },
    orderBy: [{ createdAt: 'desc' }, { id: 'asc' }],
    skip: page * SITEMAP_MAX_URLS,
    take: SITEMAP_MAX_URLS,
  });
  return rows.map((r) => ({ id: r.id, updatedAt: r.updatedAt.toISOString() }));
}

export async function listCategories(): Promise<CategoryRecord[]> {
  const rows = await db().category.findMany({ orderBy: { name: 'asc' } });
  return rows.map((c) => ({
    id: c.id,
    name: c.name,
    subcategories: c.subcategories,
    displayImagePath: c.displayImagePath,
    updatedAt: c.updatedAt.toISOString(),
  }));
}

export async function listTags(): Promise<{ id: string; name: string }[]> {
  return db().tag.findMany({ select: { id: true, name: true }, orderBy: { name: 'asc' } });
}

export async function getBannerMessage(): Promise<string> {
  const row = await db().setting.findUnique({ where: { key: BANNER_KEY } });
  const saved = row ? normalizeBanner(row.value) : '';
  return saved || defaultBanner((await getShopIdentity()).socialHandle);
}
