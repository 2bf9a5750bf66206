'use client';

import { useState, type ChangeEvent } from 'react';
import { toast } from '@/components/ui/toast';
import type { ProductImportResponse } from '@/lib/contract/exports';
import { Button } from '@/components/ui/button';
import { Notice } from '@/components/ui/card';
import { Dialog } from '@/components/ui/dialog';
import { FileButton } from '@/components/ui/file-button';
import { api, toastFailure } from './session';
import { TableHead } from './table-head';

// "Import CSV" on All Products (docs/product.md §3): the chosen file is sent as
// a dry run first; the dialog lists every change and every error by row and
// column, and only then can the owner apply it (or only its valid rows).

const IMPORT_PATH = '/api/admin/products/import';

type Mode = { mode: 'dry_run' | 'apply'; applyValidRows?: boolean };

async function sendImport(file: File, { mode, applyValidRows = false }: Mode) {
  const form = new FormData();
  form.append('mode', mode);
  form.append('apply_valid_rows', String(applyValidRows));
  form.append('file', file);
  return api.multipart<ProductImportResponse>(IMPORT_PATH, form);
}

export function ProductImport({ onApplied }: { onApplied: () => Promise<void> }) {
  const [file, setFile] = useState<File | null>(null);
  const [result, setResult] = useState<ProductImportResponse | null>(null);
  const [busy, setBusy] = useState(false);

  async function choose(event: ChangeEvent<HTMLInputElement>) {
    const chosen = event.target.files?.[0];
    event.target.value = '';
    if (!chosen) return;
    setBusy(true);
    const reply = await sendImport(chosen, { mode: 'dry_run' });
    setBusy(false);
    if (!reply.ok) return toastFailure(reply.error, 'Could not read the file');
    setFile(chosen);
    setResult(reply.body);
  }

  async function apply(applyValidRows: boolean) {
    if (!file) return;
    setBusy(true);
    const reply = await sendImport(file, { mode: 'apply', applyValidRows });
    setBusy(false);
    if (!reply.ok) return toastFailure(reply.error, 'Import failed');
    if (reply.body.applied === 0 && reply.body.errors.length > 0) return setResult(reply.body);
    toast.success(`Updated ${reply.body.applied} product${reply.body.applied === 1 ? '' : 's'}`);
    close();
    await onApplied();
  }

  function close() {
    setFile(null);
    setResult(null);
  }

  const changes = result?.changes ?? [];
  const errors = result?.errors ?? [];
  return (
    <>
      <FileButton label="Import products from a CSV file" accept=".csv,text/csv" onChange={(e) => void choose(e)} disabled={busy}>
        Import CSV
      </FileButton>
      <Dialog open={result !== null} onClose={close} title="Import products">
        {result && (
          <div className="flex flex-col gap-4">
            <p>
              {file?.name}: {result.rows} row{result.rows === 1 ? '' : 's'}, {changes.length} with changes, {errors.length} error
              {errors.length === 1 ? '' : 's'}.
            </p>
            {errors.length > 0 && (
              <Notice tone="warning">Rows with errors are never applied. Fix the file and choose it again, or apply only the valid rows.</Notice>
            )}
            {errors.length > 0 && <ImportErrors errors={errors} />}
            {changes.length > 0 ? <ImportChanges changes={changes} /> : <p>Nothing in this file changes a product.</p>}
            <div className="flex flex-wrap gap-2">
              <Button onClick={() => void apply(false)} disabled={busy || errors.length > 0 || changes.length === 0}>
                Apply
              </Button>
              {errors.length > 0 && (
                <Button variant="secondary" onClick={() => void apply(true)} disabled={busy || changes.length === 0}>
                  Apply the valid rows
                </Button>
              )}
              <Button variant="ghost" onClick={close}>
                Cancel
              </Button>
            </div>
          </div>
        )}
      </Dialog>
    </>
  );
}

function ImportErrors({ errors }: { errors: ProductImportResponse['errors'] }) {
  return (
    <div className="overflow-x-auto" tabIndex={0} role="region" aria-label="Errors">
      <table className="w-full text-left text-sm">
        <TableHead columns={['Row', 'Column', 'Error']} />
        <tbody className="divide-y divide-gray-100">
          {errors.map((e, i) => (
            <tr key={`${e.row}-${e.column}-${i}`} data-testid="import-error">
              <td className="px-2 py-1">{e.row}</td>
              <td className="px-2 py-1">{e.column}</td>
              <td className="px-2 py-1">{e.message}</td>
            </tr>
          ))}
        </tbody>
      </table>
    </div>
  );
}

function ImportChanges({ changes }: { changes: ProductImportResponse['changes'] }) {
  const rows = changes.flatMap((c) => Object.entries(c.changes).map(([column, change]) => ({ row: c.row, id: c.id, column, ...change })));
  return (
    <div className="overflow-x-auto" tabIndex={0} role="region" aria-label="Changes">
      <table className="w-full text-left text-sm">
        <TableHead columns={['Row', 'Product', 'Column', 'Now', 'After import']} />
        <tbody className="divide-y divide-gray-100">
          {rows.map((r) => (
            <tr key={`${r.row}-${r.column}`} data-testid="import-change">
              <td className="px-2 py-1">{r.row}</td>
              <td className="px-2 py-1 break-all">{r.id}</td>
              <td className="px-2 py-1">{r.column}</td>
              <td className="px-2 py-1 break-words">{r.from}</td>
              <td className="px-2 py-1 break-words">{r.to}</td>
            </tr>
          ))}
        </tbody>
      </table>
    </div>
  );
}
