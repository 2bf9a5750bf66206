// The files an order line gives access to. A bundle gives its own files and
// then those of every product it contains, in the bundle's order.
import 'server-only';
import { db } from '@/lib/infra/db';

export type OrderFile = { id: string; storageKey: string; originalFilename: string };

export async function filesForProducts(productIds: string[]): Promise<Map<string, OrderFile[]>> {
  const rows = await db().product.findMany({
    where: { id: { in: productIds } },
    select: {
      id: true,
      files: { select: { id: true, storageKey: true, originalFilename: true }, orderBy: { position: 'asc' } },
      bundleItems: {
        orderBy: { position: 'asc' },
        select: { product: { select: { files: { select: { id: true, storageKey: true, originalFilename: true }, orderBy: { position: 'asc' } } } } },
      },
    },
  });
  return new Map(rows.map((p) => [p.id, [...p.files, ...p.bundleItems.flatMap((b) => b.product.files)]]));
}
