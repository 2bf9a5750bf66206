'use client';

import { useEffect, useState } from 'react';

/** The product image; a click opens it full screen, where a second click zooms in. */
export function ImageLightbox({ src, alt }: { src: string | null; alt: string }) {
  const [open, setOpen] = useState(false);
  const [zoomed, setZoomed] = useState(false);

  useEffect(() => {
    if (!open) return;
    const onKey = (e: KeyboardEvent) => e.key === 'Escape' && setOpen(false);
    window.addEventListener('keydown', onKey);
    return () => window.removeEventListener('keydown', onKey);
  }, [open]);

  if (!src) return <div className="flex aspect-square items-center justify-center rounded-2xl bg-gray-100 text-gray-600">No image</div>;
  return (
    <>
      <button
        type="button"
        className="group block overflow-hidden rounded-2xl bg-white shadow-sm"
        onClick={() => setOpen(true)}
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
      {open && (
        <div
          role="dialog"
          aria-modal="true"
          aria-label={alt}
          className="fixed inset-0 z-50 flex items-center justify-center overflow-auto bg-black/85 p-4"
          onClick={() => {
            setOpen(false);
            setZoomed(false);
          }}
        >
          <button
            type="button"
            className="absolute right-4 top-4 rounded-full bg-white/90 px-3 py-1 text-lg font-bold"
            aria-label="Close"
            onClick={() => setOpen(false)}
          >
            ×
          </button>
          {/* eslint-disable-next-line @next/next/no-img-element -- images are sized at upload, not by the runtime optimiser (Decision 3) */}
          <img
            src={src}
            alt={alt}
            data-testid="lightbox-image"
            className={`max-h-none rounded-lg transition-transform ${zoomed ? 'scale-150 cursor-zoom-out' : 'max-h-[90vh] cursor-zoom-in'}`}
            onClick={(e) => {
              e.stopPropagation();
              setZoomed((z) => !z);
            }}
          />
        </div>
      )}
    </>
  );
}
