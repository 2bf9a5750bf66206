'use client';

import { useRef, useState } from 'react';
import { toast } from 'sonner';
import { api, toastFailure } from './session';
import { useConfirm } from './confirm';
import { button, input } from './styles';
import type { AdminProductResponse as AdminProduct } from '@/lib/contract/catalog';

/** The files a buyer receives: remove one (confirmed) or add several at once. */
export function ProductFiles({ product, onChanged }: { product: AdminProduct; onChanged: () => Promise<void> }) {
  const confirm = useConfirm();
  const fileInput = useRef<HTMLInputElement>(null);
  const [busy, setBusy] = useState(false);
  const inputId = `add-files-${product.id}`;

  async function remove(path: string, name: string) {
    const ok = await confirm({
      title: 'Remove file',
      message: `Remove ${name} from ${product.title}? Buyers will no longer receive it.`,
      confirmLabel: 'Remove',
    });
    if (!ok) return;
    const result = await api.del(`/api/products/${product.id}/files?file_path=${encodeURIComponent(path)}`);
    if (!result.ok) return toastFailure(result.error, 'Failed to remove file');
    toast.success('File removed successfully');
    await onChanged();
  }

  async function add() {
    const files = Array.from(fileInput.current?.files ?? []);
    if (files.length === 0) {
      toast.error('Please select files to upload');
      return;
    }
    const form = new FormData();
    for (const file of files) form.append('files', file);
    setBusy(true);
    const result = await api.multipart(`/api/products/${product.id}/files`, form);
    setBusy(false);
    if (!result.ok) return toastFailure(result.error, 'Failed to add files');
    toast.success(`Added ${files.length} file(s) successfully`);
    if (fileInput.current) fileInput.current.value = '';
    await onChanged();
  }

  return (
    <fieldset className="rounded-xl border border-gray-200 p-4">
      <legend className="px-1 text-sm font-semibold">Files</legend>
      {product.file_paths.length === 0 ? (
        <p className="text-sm text-gray-700">No files yet.</p>
      ) : (
        <ul className="divide-y divide-gray-100" aria-label="Current files">
          {product.file_paths.map((path, i) => {
            const name = product.original_filenames[i] ?? path.split('/').pop() ?? path;
            return (
              <li key={path} className="flex items-center justify-between gap-3 py-2 text-sm">
                <span className="truncate">{name}</span>
                <button type="button" className={button.smallDanger} onClick={() => void remove(path, name)} aria-label={`Remove ${name}`}>
                  Remove
                </button>
              </li>
            );
          })}
        </ul>
      )}
      <div className="mt-3 flex flex-wrap items-end gap-2">
        <div className="flex min-w-0 flex-1 flex-col gap-1">
          <label htmlFor={inputId} className="text-sm font-medium text-gray-800">
            Add files
          </label>
          <input id={inputId} ref={fileInput} type="file" multiple className={input} />
        </div>
        <button type="button" className={button.secondary} onClick={() => void add()} disabled={busy}>
          {busy ? 'Adding...' : 'Add'}
        </button>
      </div>
    </fieldset>
  );
}
