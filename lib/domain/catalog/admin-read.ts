// The back office's view of the catalogue: stored sale fields as they are and
// the files' storage keys (S5 allows them to admins, never to the public).
import 'server-only';
import { db } from '@/lib/infra/db';
import { galleryOf, type GalleryImage } from './gallery';
import { selectionWhere, type ProductSelection } from './selection';

export type AdminCatalogItem = {
  id: string;
  title: string;
  description: string;
  priceCents: number;
  onSale: boolean;
  salePriceCents: number | null;
  saleStart: Date | null;
  saleEnd: Date | null;
  imagePath: string | null;
  thumbnailPath: string | null;
  images: GalleryImage[];
  category: string | null;
  subcategory: string | null;
  tags: string[];
  /** The current files; `id` is stable (download links name it). */
  files: { id: string; storageKey: string; originalFilename: string; licenceTier: string | null }[];
  isBundle: boolean;
  bundleProductIds: string[];
  /** Its own prices per licence tier (by tier key; null: the tier's rule) and tiers switched off (Decision 081). */
  licencePrices: { tierKey: string; priceCents: number | null; offered: boolean }[];
  createdAt: Date;
  updatedAt: Date;
};

/** One page of All Products, newest first; the filter is the one "select all N matching" stands for. */
export async function listAdminCatalog(options: ProductSelection & { limit: number; offset: number }): Promise<{ total: number; items: AdminCatalogItem[] }> {
  const where = selectionWhere(options);
  const [rows, total] = await Promise.all([
    db().product.findMany({
      where,
      orderBy: [{ createdAt: 'desc' }, { id: 'asc' }],
      take: options.limit,
      skip: options.offset,
      include: {
        category: { select: { name: true } },
        files: {
          where: { removedAt: null, supersededAt: null },
          orderBy: { position: 'asc' },
          select: { id: true, storageKey: true, originalFilename: true, licenceTier: { select: { key: true } } },
        },
        bundleItems: { where: { removedAt: null }, orderBy: { position: 'asc' }, select: { productId: true } },
        images: { orderBy: { position: 'asc' } },
        licencePrices: { select: { priceCents: true, offered: true, tier: { select: { key: true } } } },
      },
    }),
    db().product.count({ where }),
  ]);
  return {
    total,
    items: rows.map((p) => ({
      id: p.id,
      title: p.title,
      description: p.description,
      priceCents: p.priceCents,
      onSale: p.onSale,
      salePriceCents: p.salePriceCents,
      saleStart: p.saleStart,
      saleEnd: p.saleEnd,
      imagePath: p.imagePath,
      thumbnailPath: p.thumbnailPath,
      images: galleryOf(p),
      category: p.category?.name ?? null,
      subcategory: p.subcategory,
      tags: p.tags,
      files: p.files.map((f) => ({ id: f.id, storageKey: f.storageKey, originalFilename: f.originalFilename, licenceTier: f.licenceTier?.key ?? null })),
      isBundle: p.isBundle,
      bundleProductIds: p.bundleItems.map((b) => b.productId),
      licencePrices: p.licencePrices.map((l) => ({ tierKey: l.tier.key, priceCents: l.priceCents, offered: l.offered })),
      createdAt: p.createdAt,
      updatedAt: p.updatedAt,
    })),
  };
}
