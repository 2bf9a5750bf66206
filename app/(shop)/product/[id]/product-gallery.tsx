'use client';

import { useRef, useState } from 'react';
import { ImageLightbox, type GalleryView } from './image-lightbox';

/**
 * The product's images in a strip that snaps to each one (a phone swipes it
 * with no script: CSS scroll-snap), thumbnails below to jump to one, and a
 * click that opens the zoomable lightbox at that image.
 */
export function ProductGallery({ images, title }: { images: GalleryView[]; title: string }) {
  const strip = useRef<HTMLDivElement>(null);
  const [current, setCurrent] = useState(0);
  const [open, setOpen] = useState<number | null>(null);
  if (images.length === 0) return <div className="flex aspect-square items-center justify-center rounded-2xl bg-gray-100 text-gray-600">No image</div>;
  const show = (i: number) => {
    const el = strip.current;
    el?.scrollTo({ left: i * el.clientWidth, behavior: 'smooth' });
  };
  return (
    <div className="min-w-0">
      <div
        ref={strip}
        className="gallery-strip"
        data-testid="gallery-strip"
        onScroll={(e) => setCurrent(Math.round(e.currentTarget.scrollLeft / e.currentTarget.clientWidth))}
      >
        {images.map((image, i) => (
          <button
            key={image.src}
            type="button"
            className="group block"
            onClick={() => setOpen(i)}
            aria-label={`Enlarge image ${i + 1} of ${images.length} of ${title}`}
          >
            {/* eslint-disable-next-line @next/next/no-img-element -- images are sized at upload, not by the runtime optimiser (Decision 3) */}
            <img
              src={image.src}
              alt={image.alt}
              width={1200}
              height={1200}
              className="aspect-square w-full object-cover"
              fetchPriority={i === 0 ? 'high' : undefined}
              loading={i === 0 ? undefined : 'lazy'}
            />
          </button>
        ))}
      </div>
      {images.length > 1 && (
        <div className="mt-3 flex gap-2 overflow-x-auto" aria-label="Choose an image">
          {images.map((image, i) => (
            <button
              key={image.thumb}
              type="button"
              aria-label={`Show image ${i + 1}`}
              aria-current={i === current}
              onClick={() => show(i)}
              className={`shrink-0 overflow-hidden rounded-lg border-2 ${i === current ? 'border-rose-700' : 'border-transparent'}`}
            >
              {/* eslint-disable-next-line @next/next/no-img-element -- images are sized at upload, not by the runtime optimiser (Decision 3) */}
              <img src={image.thumb} alt="" width={64} height={64} loading="lazy" className="h-16 w-16 object-cover" />
            </button>
          ))}
        </div>
      )}
      {open !== null && <ImageLightbox images={images} start={open} onClose={() => setOpen(null)} />}
    </div>
  );
}
