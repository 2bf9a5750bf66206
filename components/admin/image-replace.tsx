'use client';

import { useId, useState, type FormEvent } from 'react';
import { toast } from 'sonner';
import { api, toastFailure } from './session';
import { button } from './styles';

/**
 * Uploads one image to `endpoint` (multipart field `image`): a category's
 * display image (products and bundles have their gallery, GalleryEditor). The server runs the upload
 * checks and makes the renditions; this only sends the file.
 */
export function ImageReplace({ endpoint, label, onChanged }: { endpoint: string; label: string; onChanged: () => void | Promise<void> }) {
  const [file, setFile] = useState<File | null>(null);
  const [busy, setBusy] = useState(false);
  const id = useId();

  async function submit(event: FormEvent) {
    event.preventDefault();
    if (!file) return;
    const body = new FormData();
    body.append('image', file);
    setBusy(true);
    const result = await api.multipart(endpoint, body);
    setBusy(false);
    if (!result.ok) return toastFailure(result.error, 'Update failed');
    toast.success('Image updated');
    setFile(null);
    await onChanged();
  }

  return (
    <form className="flex flex-wrap items-end gap-3" onSubmit={(e) => void submit(e)}>
      <div className="flex flex-col gap-1">
        <label htmlFor={id} className="text-sm font-medium text-gray-800">
          {label}
        </label>
        <input
          id={id}
          type="file"
          accept="image/png,image/jpeg,image/webp,image/gif,image/tiff,image/avif"
          onChange={(e) => setFile(e.target.files?.[0] ?? null)}
          className="text-sm"
        />
      </div>
      <button type="submit" className={button.secondary} disabled={!file || busy}>
        {busy ? 'Uploading...' : 'Replace Image'}
      </button>
    </form>
  );
}
