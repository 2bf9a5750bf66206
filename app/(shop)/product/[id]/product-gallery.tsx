'use client';

import { useRef, useState } from 'react';
import type { GalleryView, ImageLightbox as LightboxType } from './image-lightbox';

// The lightbox (and the kit's Dialog in it) is fetched on the first hover or
// click, not with the page: the product page has almost no room left in its
// first-load JavaScript budget (Decision 078).
let loaded: typeof LightboxType | null = null;
const loadLightbox = async () => (loaded ??= (await import('./image-lightbox')).ImageLightbox);

/** The first image keeps the single-image name; the others say which of how many they are. */
const enlargeLabel = (i: number, count: number, title: string) => (i === 0 ? `Enlarge image of ${title}` : `Enlarge image ${i + 1} of ${count} of ${title}`);

/**
 * The product's images in a strip that snaps to each one (a phone swipes it
 * with no script: CSS scroll-snap), thumbnails below to jump to one, and a
 * click that opens the zoomable lightbox at that image.
 */
export function ProductGallery({ images, title }: { images: GalleryView[]; title: string }) {
  const strip = useRef<HTMLDivElement>(null);
  const [current, setCurrent] = useState(0);
  const [Lightbox, setLightbox] = useState<typeof LightboxType | null>(null);
  const [start, setStart] = useState(0);
  const [open, setOpen] = useState(false);
  if (images.length === 0) return <div className="flex aspect-square items-center justify-center rounded-2xl bg-gray-100 text-gray-600">No image</div>;
  const show = (i: number) => {
    const el = strip.current;
    el?.scrollTo({ left: i * el.clientWidth, behavior: 'smooth' });
  };
  const enlarge = async (i: number) => {
    const component = await loadLightbox();
    setLightbox(() => component);
    setStart(i);
    setOpen(true);
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
          // Image buttons: the kit's Button would draw a frame around the picture.
          <button
            key={image.src}
            type="button"
            className="group block"
            onPointerEnter={() => void loadLightbox()}
            onClick={() => void enlarge(i)}
            aria-label={enlargeLabel(i, images.length, title)}
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
        <div className="mt-3 flex gap-2 overflow-x-auto" role="group" aria-label="Choose an image">
          {images.map((image, i) => (
            <button
              key={image.thumb}
              type="button"
              aria-label={`Show image ${i + 1}`}
              aria-current={i === current}
              onClick={() => show(i)}
              className={`shrink-0 overflow-hidden rounded-lg border-2 focus-visible:outline-2 focus-visible:outline-brand-700 ${i === current ? 'border-brand-700' : 'border-transparent'}`}
            >
              {/* eslint-disable-next-line @next/next/no-img-element -- images are sized at upload, not by the runtime optimiser (Decision 3) */}
              <img src={image.thumb} alt="" width={64} height={64} loading="lazy" className="h-16 w-16 object-cover" />
            </button>
          ))}
        </div>
      )}
      {/* Kept mounted once loaded: the Dialog closes itself, so focus goes back to the image that opened it. */}
      {Lightbox && <Lightbox images={images} title={title} start={start} open={open} onClose={() => setOpen(false)} />}
    </div>
  );
}
