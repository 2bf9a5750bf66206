'use client';

import { useId, useState, type FormEvent } from 'react';
import { toast } from '@/components/ui/toast';
import { api, toastFailure } from './session';
import { Button } from '@/components/ui/button';
import { TextField } from '@/components/ui/field';

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
      <TextField
        id={id}
        label={label}
        type="file"
        accept="image/png,image/jpeg,image/webp,image/gif,image/tiff,image/avif"
        onChange={(e) => setFile(e.target.files?.[0] ?? null)}
      />
      <Button variant="secondary" type="submit" disabled={!file || busy}>
        {busy ? 'Uploading...' : 'Replace Image'}
      </Button>
    </form>
  );
}
