'use client';

import { useState } from 'react';
import type { Dialog as DialogType } from '@/components/ui/dialog';

// The kit's Dialog is fetched on the first click, not with the page: the
// product page has almost no room left in its first-load JavaScript budget.
let loaded: typeof DialogType | null = null;
const loadDialog = async () => (loaded ??= (await import('@/components/ui/dialog')).Dialog);

/** The product image; a click opens it full screen, where a click on the picture zooms in. */
export function ImageLightbox({ src, alt }: { src: string | null; alt: string }) {
  const [Dialog, setDialog] = useState<typeof DialogType | null>(null);
  const [open, setOpen] = useState(false);
  const [zoomed, setZoomed] = useState(false);

  if (!src) return <div className="flex aspect-square items-center justify-center rounded-2xl bg-gray-100 text-gray-600">No image</div>;
  return (
    <>
      <button
        type="button"
        className="group block overflow-hidden rounded-2xl bg-white shadow-sm"
        onPointerEnter={() => void loadDialog()}
        onClick={async () => {
          const component = await loadDialog();
          setDialog(() => component);
          setOpen(true);
        }}
        aria-label={`Enlarge image of ${alt}`}
      >
        {/* eslint-disable-next-line @next/next/no-img-element -- images are sized at upload, not by the runtime optimiser (Decision 3) */}
        <img
          src={src}
          alt={alt}
          width={1200}
          height={1200}
          className="aspect-square w-full object-cover transition group-hover:scale-[1.02]"
          fetchPriority="high"
        />
      </button>
      {Dialog && (
        <Dialog
          open={open}
          onClose={() => {
            setOpen(false);
            setZoomed(false);
          }}
          title={alt}
          hideTitle
          size="full"
        >
          <div className="flex h-full items-center justify-center overflow-auto">
            <button
              type="button"
              className="cursor-zoom-in"
              aria-label={zoomed ? 'Zoom out' : 'Zoom in'}
              aria-pressed={zoomed}
              onClick={() => setZoomed((z) => !z)}
            >
              {/* eslint-disable-next-line @next/next/no-img-element -- images are sized at upload, not by the runtime optimiser (Decision 3) */}
              <img
                src={src}
                alt={alt}
                data-testid="lightbox-image"
                className={`rounded-lg transition-transform ${zoomed ? 'max-h-none scale-150 cursor-zoom-out' : 'max-h-[90vh]'}`}
              />
            </button>
          </div>
        </Dialog>
      )}
    </>
  );
}
