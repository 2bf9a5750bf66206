// The products export (docs/product.md §3): every product and bundle under the
// All Products filter, newest first, in the layout the import reads back.
import 'server-only';
import { selectionWhere, type ProductSelection } from '@/lib/domain/catalog';
import { csvStream } from '@/lib/domain/csv';
import { keysetBatches, keysetPage } from '@/lib/domain/keyset';
import { db } from '@/lib/infra/db';
import { PRODUCT_COLUMNS, PRODUCT_STATE_SELECT, productCells, tierColumn, toProductState } from './product-columns';

/** The licence tiers a products CSV has a column for, in their order: the retired ones too, since items keep their prices. */
export async function tierKeys(): Promise<string[]> {
  const tiers = await db().licenceTier.findMany({ orderBy: { position: 'asc' }, select: { key: true } });
  return tiers.map((t) => t.key);
}

export async function productsCsv(selection: ProductSelection): Promise<ReadableStream<Uint8Array>> {
  const keys = await tierKeys();
  const header = [...PRODUCT_COLUMNS, ...keys.map(tierColumn)];
  const where = selectionWhere(selection);
  const batches = keysetBatches(async (after, take) => {
    const rows = await db().product.findMany({ ...keysetPage(where, after, 'asc', take), select: { ...PRODUCT_STATE_SELECT, createdAt: true } });
    return { keys: rows, rows: rows.map(toProductState) };
  });
  return csvStream(header, batches, (p) => {
    const cells = productCells(p, keys);
    return header.map((column) => cells[column]);
  });
}
