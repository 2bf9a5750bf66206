// The products import (docs/product.md §3, Decision 092): the products CSV read,
// each row compared with the product its id names, and either reported (a dry
// run) or applied in one transaction per batch of rows, audited. A file with any
// error applies nothing unless the owner asks for its valid rows; a header
// error applies nothing at all. The caller refreshes the storefront's cache once.
import 'server-only';
import type { ProductImportResponse } from '@/lib/contract/exports';
import { recordAudit } from '@/lib/domain/audit';
import { PRODUCT_STATE_SELECT, toProductState, type ProductState } from '@/lib/domain/exports';
import { db, type Prisma } from '@/lib/infra/db';
import { diffRow, type ImportContext } from './diff';
import { parseProductCsv, type CsvRow, type ImportIssue } from './parse';
import { writeRows, type RowWrite } from './write';

export { parseProductCsv, type ImportIssue } from './parse';
export { diffRow, type ImportContext, type RowDiff } from './diff';
export { textCell, FORMULA_REFUSED } from './cells';

/** Rows per transaction: one batch's locks are short, and a failure rolls back only its own batch. */
export const IMPORT_BATCH = 500;
const READ_CHUNK = 1000;

export type ImportOptions = { apply: boolean; applyValidRows: boolean };

type Client = Prisma.TransactionClient | ReturnType<typeof db>;
type Evaluated = { changes: ProductImportResponse['changes']; errors: ImportIssue[]; writes: RowWrite[] };

export async function importProducts(actor: string, text: string, options: ImportOptions): Promise<ProductImportResponse> {
  const context = await loadContext();
  const parsed = parseProductCsv(
    text,
    context.tiers.map((t) => t.key),
  );
  const result = { rows: parsed.count, applied: 0 };
  if (parsed.errors.some((e) => e.row === 1)) return { ...result, changes: [], errors: parsed.errors };
  const checked = await evaluate(db(), parsed.rows, context);
  const errors = [...parsed.errors, ...checked.errors].sort((a, b) => a.row - b.row);
  if (!options.apply || (errors.length > 0 && !options.applyValidRows)) return { ...result, changes: checked.changes, errors };

  const valid = new Set(checked.writes.map((w) => w.id));
  const rows = parsed.rows.filter((r) => valid.has(r.cells.id.trim()));
  const applied: ProductImportResponse['changes'] = [];
  for (let start = 0; start < rows.length; start += IMPORT_BATCH) {
    const batch = rows.slice(start, start + IMPORT_BATCH);
    // Read again inside the batch's transaction: what is written is the change from the product as it is now.
    const done = await db().$transaction(
      async (tx) => {
        const fresh = await evaluate(tx, batch, context);
        await writeRows(tx, actor, fresh.writes, context.categoryIds, context.tierIds);
        return fresh;
      },
      { maxWait: 10_000, timeout: 120_000 },
    );
    applied.push(...done.changes);
    errors.push(...done.errors);
  }
  await recordAudit(db(), actor, 'product.import_file', null, { rows: result.rows, applied: applied.length, errors: errors.length });
  return { ...result, changes: applied, errors, applied: applied.length };
}

async function loadContext(): Promise<ImportContext & { categoryIds: Map<string, string>; tierIds: Map<string, string> }> {
  const [categories, tiers] = await Promise.all([
    db().category.findMany({ select: { id: true, name: true, subcategories: true } }),
    db().licenceTier.findMany({ orderBy: { position: 'asc' }, select: { id: true, key: true, retiredAt: true } }),
  ]);
  return {
    categories: new Map(categories.map((c) => [c.name, c.subcategories])),
    categoryIds: new Map(categories.map((c) => [c.name, c.id])),
    tiers: tiers.map((t) => ({ key: t.key, retired: t.retiredAt !== null })),
    tierIds: new Map(tiers.map((t) => [t.key, t.id])),
    now: Date.now(),
  };
}

/** Every row against its product: the changes of the rows without errors, and every error. */
async function evaluate(client: Client, rows: CsvRow[], context: ImportContext): Promise<Evaluated> {
  const products = await readProducts(client, [...new Set(rows.map((r) => r.cells.id.trim()))]);
  const out: Evaluated = { changes: [], errors: [], writes: [] };
  const seen = new Set<string>();
  for (const { row, cells } of rows) {
    const id = cells.id.trim();
    const current = products.get(id);
    if (!id) out.errors.push({ row, column: 'id', message: 'The id is required' });
    else if (!current) out.errors.push({ row, column: 'id', message: `Unknown product id: ${id}` });
    else if (seen.has(id)) out.errors.push({ row, column: 'id', message: 'This product has another row above' });
    if (!current || seen.has(id)) continue;
    seen.add(id);
    const diff = diffRow(cells, current, context);
    out.errors.push(...diff.errors.map((e) => ({ row, ...e })));
    const columns = Object.keys(diff.changes);
    if (diff.errors.length > 0 || columns.length === 0) continue;
    out.changes.push({ row, id, changes: diff.changes });
    out.writes.push({ id, next: diff.next, columns });
  }
  return out;
}

async function readProducts(client: Client, ids: string[]): Promise<Map<string, ProductState>> {
  const found = new Map<string, ProductState>();
  for (let start = 0; start < ids.length; start += READ_CHUNK) {
    const rows = await client.product.findMany({ where: { id: { in: ids.slice(start, start + READ_CHUNK) }, deletedAt: null }, select: PRODUCT_STATE_SELECT });
    for (const row of rows) found.set(row.id, toProductState(row));
  }
  return found;
}
