// POST /api/admin/products/import — a products CSV (multipart `file`, `mode` dry_run | apply, `apply_valid_rows`): every change and error by row and column, applied in batches when asked
import { revalidateCatalog } from '@/lib/cache/catalog';
import { MAX_IMPORT_BYTES, productImportForm, productImportResponse } from '@/lib/contract/exports';
import { invalid } from '@/lib/domain/errors';
import { importProducts } from '@/lib/domain/product-import';
import { MAX_FIELD_BYTES, readMultipart } from '@/lib/domain/uploads';
import { adminHandler } from '@/lib/http/admin';
import { MULTIPART_OVERHEAD_BYTES, streamedBody } from '@/lib/http/body-limit';
import { csvUploadText } from '@/lib/http/csv';
import { jsonOf } from '@/lib/http/handler';

const MAX_PARTS = 3;

export const POST = adminHandler(
  'catalogue',
  async (request, _context, admin) => {
    let file: Buffer | null = null;
    const fields: Record<string, string> = {};
    for await (const part of readMultipart(request, { maxFileBytes: MAX_IMPORT_BYTES, maxFieldBytes: MAX_FIELD_BYTES, maxParts: MAX_PARTS })) {
      if (part.kind === 'file' && part.name === 'file') file = part.data;
      else if (part.kind === 'field') fields[part.name] = part.value;
    }
    if (!file) throw invalid('A CSV file is required', { file: ['A CSV file is required'] });
    const form = productImportForm.parse(fields);
    const result = await importProducts(admin.username, csvUploadText(file), { apply: form.mode === 'apply', applyValidRows: form.apply_valid_rows });
    // Once per apply, however many rows changed: the storefront reads the catalogue afresh.
    if (result.applied > 0) revalidateCatalog();
    return jsonOf(productImportResponse, result);
  },
  streamedBody(MAX_IMPORT_BYTES + MAX_PARTS * MAX_FIELD_BYTES + MULTIPART_OVERHEAD_BYTES),
);
