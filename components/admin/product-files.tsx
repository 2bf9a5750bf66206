'use client';

import { useRef, useState } from 'react';
import { toast } from '@/components/ui/toast';
import { api, toastFailure } from './session';
import { useConfirm } from '@/components/ui/confirm';
import { Button } from '@/components/ui/button';
import { Input } from '@/components/ui/field';
import { Select } from '@/components/ui/form-controls';
import { adminPaths, useAdminData } from './use-admin-data';
import { FileVersions } from './file-versions';
import type { AdminProductResponse as AdminProduct } from '@/lib/contract/catalog';
import type { FileHistoryResponse } from '@/lib/contract/file-versions';
import type { AdminTiersResponse } from '@/lib/contract/licences';

/** The files a buyer receives: remove one (confirmed), replace one with a new version, or add several at once. */
export function ProductFiles({ product, onChanged }: { product: AdminProduct; onChanged: () => Promise<void> }) {
  const confirm = useConfirm();
  const fileInput = useRef<HTMLInputElement>(null);
  const [busy, setBusy] = useState(false);
  // Files added as one licence tier's extras go to its holders and the tiers above (Decision 081).
  const [tier, setTier] = useState('');
  const tiers = useAdminData<AdminTiersResponse>(adminPaths.licences, 'Failed to load licence tiers').data?.tiers ?? [];
  const tierName = (key: string | null | undefined) => tiers.find((t) => t.key === key)?.name ?? key;
  const inputId = `add-files-${product.id}`;
  // Versions and update emails, the product's log of them (Decision 68).
  const history = useAdminData<FileHistoryResponse>(`/api/products/${product.id}/file-history`, 'Failed to load file versions');
  const changed = async () => {
    await Promise.all([onChanged(), history.mutate()]);
  };

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
    await changed();
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
    const query = tier ? `?licence_tier=${encodeURIComponent(tier)}` : '';
    const result = await api.multipart(`/api/products/${product.id}/files${query}`, form);
    setBusy(false);
    if (!result.ok) return toastFailure(result.error, 'Failed to add files');
    toast.success(`Added ${files.length} file(s) successfully`);
    if (fileInput.current) fileInput.current.value = '';
    await changed();
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
            const fileId = product.file_ids[i];
            return (
              <li key={path} className="py-2 text-sm">
                <div className="flex items-center justify-between gap-3">
                  <span className="truncate">
                    {name}
                    {product.file_licence_tiers[i] && <span className="ml-2 text-xs text-accent-800">{tierName(product.file_licence_tiers[i])} only</span>}
                  </span>
                  <Button variant="danger" size="sm" onClick={() => void remove(path, name)} aria-label={`Remove ${name}`}>
                    Remove
                  </Button>
                </div>
                {fileId && (
                  <FileVersions
                    productId={product.id}
                    fileId={fileId}
                    name={name}
                    entry={history.data?.files.find((f) => f.id === fileId)}
                    onChanged={changed}
                  />
                )}
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
          <Input id={inputId} ref={fileInput} type="file" multiple />
        </div>
        <Select aria-label="Files for" className="w-auto" value={tier} onChange={(e) => setTier(e.target.value)}>
          <option value="">Every buyer</option>
          {tiers
            .filter((t) => !t.retired)
            .map((t) => (
              <option key={t.key} value={t.key}>
                {t.name} and above
              </option>
            ))}
        </Select>
        <Button variant="secondary" onClick={() => void add()} disabled={busy}>
          {busy ? 'Adding...' : 'Add'}
        </Button>
      </div>
    </fieldset>
  );
}
