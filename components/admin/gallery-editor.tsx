'use client';

import { useId, useState } from 'react';
import { toast } from '@/components/ui/toast';
import type { ApiResult } from '@/components/data/api';
import type { GalleryImageResponse } from '@/lib/contract/catalog';
import { MAX_GALLERY_IMAGES, MAX_IMAGE_ALT_LENGTH } from '@/lib/shop';
import { Button } from '@/components/ui/button';
import { useConfirm } from '@/components/ui/confirm';
import { TextField } from '@/components/ui/field';
import { api, toastFailure } from './session';

type GalleryAnswer = { images: GalleryImageResponse[] };
const ACCEPT = 'image/png,image/jpeg,image/webp,image/gif,image/tiff,image/avif';

/**
 * The images of a product or bundle (Decision 086): add several at once,
 * remove one, put them in order (the first is the main image shown on cards)
 * and give each alt text. Added and removed images take effect at once; the
 * order and alt texts when saved.
 */
export function GalleryEditor({ base, initial, onChanged }: { base: string; initial: GalleryImageResponse[]; onChanged: () => Promise<void> }) {
  const [images, setImages] = useState(initial);
  const [dirty, setDirty] = useState(false);
  const [files, setFiles] = useState<File[]>([]);
  const [busy, setBusy] = useState(false);
  const confirm = useConfirm();
  const id = useId();
  const room = MAX_GALLERY_IMAGES - images.length;

  async function apply(call: () => Promise<ApiResult<GalleryAnswer>>, done: string) {
    setBusy(true);
    const result = await call();
    setBusy(false);
    if (!result.ok) return toastFailure(result.error, 'Update failed');
    setImages(result.body.images);
    setDirty(false);
    toast.success(done);
    await onChanged();
  }

  function add() {
    if (files.length === 0) return void toast.error('Please select files to upload');
    if (files.length > room) return void toast.error(`A gallery holds at most ${MAX_GALLERY_IMAGES} images`);
    const body = new FormData();
    for (const file of files) body.append('images', file);
    void apply(() => api.multipart<GalleryAnswer>(base, body), `Added ${files.length} image(s)`).then(() => setFiles([]));
  }

  async function remove(image: GalleryImageResponse) {
    if (!(await confirm({ title: 'Remove image', message: 'Remove this image from the gallery?', confirmLabel: 'Remove' }))) return;
    void apply(() => api.del<GalleryAnswer>(`${base}/${encodeURIComponent(image.id)}`), 'Image removed');
  }

  const move = (from: number, to: number) => {
    const next = [...images];
    const [image] = next.splice(from, 1);
    next.splice(to, 0, image);
    setImages(next);
    setDirty(true);
  };

  return (
    <section aria-labelledby={`${id}-title`} className="flex flex-col gap-3">
      <h3 id={`${id}-title`} className="font-semibold">
        Images ({images.length} of {MAX_GALLERY_IMAGES})
      </h3>
      <ol className="flex flex-col gap-2" aria-label="Gallery images">
        {images.map((image, i) => (
          <li key={image.id} className="flex flex-wrap items-center gap-3 rounded-lg border border-gray-200 p-2" data-testid="gallery-image">
            {/* eslint-disable-next-line @next/next/no-img-element -- images are sized at upload, not by the runtime optimiser (Decision 3) */}
            <img src={image.thumbnail_url ?? image.url} alt="" width={56} height={56} className="h-14 w-14 rounded object-cover" />
            <span className="w-16 text-xs font-semibold text-gray-700">{i === 0 ? 'Main' : `Image ${i + 1}`}</span>
            <div className="min-w-40 flex-1">
              <TextField
                id={`${id}-alt-${image.id}`}
                label={`Alt text of image ${i + 1}`}
                hideLabel
                placeholder="Alt text: what the image shows"
                maxLength={MAX_IMAGE_ALT_LENGTH}
                value={image.alt}
                onChange={(e) => {
                  setImages(images.map((other) => (other === image ? { ...image, alt: e.target.value } : other)));
                  setDirty(true);
                }}
              />
            </div>
            <Button variant="secondary" size="sm" disabled={i === 0} onClick={() => move(i, i - 1)} aria-label={`Move image ${i + 1} up`}>
              Up
            </Button>
            <Button variant="secondary" size="sm" disabled={i === images.length - 1} onClick={() => move(i, i + 1)} aria-label={`Move image ${i + 1} down`}>
              Down
            </Button>
            <Button variant="danger" size="sm" disabled={images.length === 1 || busy} onClick={() => void remove(image)} aria-label={`Remove image ${i + 1}`}>
              Remove
            </Button>
          </li>
        ))}
      </ol>
      {dirty && (
        <Button
          className="self-start"
          disabled={busy}
          onClick={() =>
            void apply(
              () =>
                api.put<GalleryAnswer>(
                  base,
                  images.map(({ id: imageId, alt }) => ({ id: imageId, alt })),
                ),
              'Gallery saved',
            )
          }
        >
          Save order and alt text
        </Button>
      )}
      <div className="flex flex-wrap items-end gap-3">
        <TextField
          id={`${id}-files`}
          label="Add images"
          type="file"
          multiple
          accept={ACCEPT}
          disabled={room === 0}
          onChange={(e) => setFiles([...(e.target.files ?? [])])}
        />
        <Button variant="secondary" disabled={files.length === 0 || busy} onClick={add}>
          {busy ? 'Uploading...' : 'Add Images'}
        </Button>
      </div>
    </section>
  );
}
