// The back office's view of the catalogue: stored sale fields as they are and
// the files' storage keys (S5 allows them to admins, never to the public).
import 'server-only';
import { centsToDollars } from '@/lib/format';
import { db } from '@/lib/infra/db';
import { selectionWhere, type ProductSelection } from './selection';

/** One page of All Products, newest first; the filter is the one "select all N matching" stands for. */
export async function listAdminCatalog(options: ProductSelection & { limit: number; offset: number }) {
  const where = selectionWhere(options);
  const [rows, total] = await Promise.all([
    db().product.findMany({
      where,
      orderBy: [{ createdAt: 'desc' }, { id: 'asc' }],
      take: options.limit,
      skip: options.offset,
      include: {
        category: { select: { name: true } },
        files: { where: { removedAt: null }, orderBy: { position: 'asc' }, select: { id: true, storageKey: true, originalFilename: true } },
        bundleItems: { where: { removedAt: null }, orderBy: { position: 'asc' }, select: { productId: true } },
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
      price: centsToDollars(p.priceCents),
      on_sale: p.onSale,
      sale_price: p.salePriceCents === null ? null : centsToDollars(p.salePriceCents),
      sale_start: p.saleStart?.toISOString() ?? null,
      sale_end: p.saleEnd?.toISOString() ?? null,
      image_path: p.imagePath,
      thumbnail_path: p.thumbnailPath,
      category: p.category?.name ?? null,
      subcategory: p.subcategory,
      tags: p.tags,
      file_paths: p.files.map((f) => f.storageKey),
      file_path: p.files[0]?.storageKey ?? null,
      original_filenames: p.files.map((f) => f.originalFilename),
      file_ids: p.files.map((f) => f.id),
      is_bundle: p.isBundle,
      product_ids: p.bundleItems.map((b) => b.productId),
      created_at: p.createdAt.toISOString(),
      updated_at: p.updatedAt.toISOString(),
    })),
  };
}
