// Writes the uploaded catalogue's rows in one transaction that also claims the
// `demo_seeded` marker, so concurrent seeders are safe and a crash leaves no
// half-written catalogue.
import { DEFAULT_BANNER } from '@/lib/banner';
import { BANNER_KEY } from '@/lib/domain/catalog';
import { db, type Prisma } from '@/lib/infra/db';
import { DEMO_BUNDLES, DEMO_CATEGORIES, DEMO_PRODUCTS, DEMO_TAGS, type DemoProduct } from './catalogue';
import type { Uploaded } from './build';

export const SEEDED_KEY = 'demo_seeded';
const DAY_MS = 86_400_000;

export class AlreadySeeded extends Error {}

/** Category ids by name; a category that already exists keeps its id and gains our subcategories. */
async function writeCategories(tx: Prisma.TransactionClient, uploaded: Uploaded['categories']): Promise<Map<string, string>> {
  const ids = new Map<string, string>();
  for (const [i, category] of DEMO_CATEGORIES.entries()) {
    const existing = await tx.category.findUnique({ where: { name: category.name } });
    if (existing) {
      const subcategories = [...new Set([...existing.subcategories, ...category.subcategories])];
      await tx.category.update({
        where: { id: existing.id },
        data: { subcategories, displayImagePath: existing.displayImagePath ?? uploaded[i].displayImagePath },
      });
      ids.set(category.name, existing.id);
    } else {
      await tx.category.create({
        data: { id: uploaded[i].id, name: category.name, subcategories: category.subcategories, displayImagePath: uploaded[i].displayImagePath },
      });
      ids.set(category.name, uploaded[i].id);
    }
  }
  return ids;
}

function itemRow(
  id: string,
  item: { title: string; description: string; priceCents: number; category: string; subcategory: string | null; tags: string[]; ageDays: number },
  categoryIds: Map<string, string>,
  now: number,
) {
  return {
    id,
    title: item.title,
    description: item.description,
    priceCents: item.priceCents,
    imagePath: `/media/previews/${id}.webp`,
    thumbnailPath: `/media/thumbs/${id}.webp`,
    categoryId: categoryIds.get(item.category) ?? null,
    subcategory: item.subcategory,
    tags: item.tags,
    createdAt: new Date(now - Math.round(item.ageDays * DAY_MS)),
  };
}

function saleFields(product: DemoProduct, now: number) {
  if (product.salePriceCents === undefined) return {};
  return { onSale: true, salePriceCents: product.salePriceCents, saleStart: new Date(now - 2 * DAY_MS), saleEnd: new Date(now + 14 * DAY_MS) };
}

export async function writeCatalogue(uploaded: Uploaded, now: number): Promise<void> {
  await db().$transaction(
    async (tx) => {
      // Claiming the marker inside the transaction makes concurrent seeders safe: one commits, the others roll back.
      const claimed = await tx.setting.createMany({ data: [{ key: SEEDED_KEY, value: new Date(now).toISOString() }], skipDuplicates: true });
      if (claimed.count === 0) throw new AlreadySeeded();
      await tx.setting.createMany({ data: [{ key: BANNER_KEY, value: DEFAULT_BANNER }], skipDuplicates: true });
      await tx.tag.createMany({ data: DEMO_TAGS.map((name) => ({ name })), skipDuplicates: true });
      const categoryIds = await writeCategories(tx, uploaded.categories);
      await tx.product.createMany({
        data: [
          ...DEMO_PRODUCTS.map((p, i) => ({ ...itemRow(uploaded.products[i].id, p, categoryIds, now), ...saleFields(p, now) })),
          ...DEMO_BUNDLES.map((b, i) => ({ ...itemRow(uploaded.bundles[i].id, b, categoryIds, now), isBundle: true })),
        ],
      });
      const items = [...uploaded.products, ...uploaded.bundles];
      await tx.productFile.createMany({ data: items.flatMap((item) => item.files.map((f) => ({ ...f, productId: item.id }))) });
      // Galleries: the main image (alt text: the title shows instead) and the mockups after it.
      await tx.productImage.createMany({
        data: items.flatMap((item) =>
          item.mockups.length === 0
            ? []
            : [
                { productId: item.id, position: 0, imagePath: `/media/previews/${item.id}.webp`, thumbnailPath: `/media/thumbs/${item.id}.webp`, alt: '' },
                ...item.mockups.map((image, i) => ({ productId: item.id, position: i + 1, ...image })),
              ],
        ),
      });
      const productIds = new Map(DEMO_PRODUCTS.map((p, i) => [p.title, uploaded.products[i].id]));
      await tx.bundleItem.createMany({
        data: DEMO_BUNDLES.flatMap((b, i) =>
          b.products.map((title, position) => ({ bundleId: uploaded.bundles[i].id, productId: productIds.get(title) as string, position })),
        ),
      });
    },
    { timeout: 30_000, maxWait: 10_000 },
  );
}
