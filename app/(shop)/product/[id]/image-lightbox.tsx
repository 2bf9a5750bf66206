'use client';

import { useCallback, useEffect, useRef, useState } from 'react';

export type GalleryView = { src: string; thumb: string; alt: string };

const SWIPE_PX = 40;

/**
 * The gallery full screen from image `start`: arrows, the arrow keys or a
 * swipe move between images, a click on the image zooms in, Escape or a click
 * beside it closes.
 */
export function ImageLightbox({ images, start, onClose }: { images: GalleryView[]; start: number; onClose: () => void }) {
  const [index, setIndex] = useState(start);
  const [zoomed, setZoomed] = useState(false);
  const downX = useRef<number | null>(null);
  const swiped = useRef(false);
  const count = images.length;
  const go = useCallback(
    (step: number) => {
      setZoomed(false);
      setIndex((i) => (i + step + count) % count);
    },
    [count],
  );

  useEffect(() => {
    const onKey = (e: KeyboardEvent) => {
      if (e.key === 'Escape') onClose();
      if (e.key === 'ArrowLeft' && count > 1) go(-1);
      if (e.key === 'ArrowRight' && count > 1) go(1);
    };
    window.addEventListener('keydown', onKey);
    return () => window.removeEventListener('keydown', onKey);
  }, [count, go, onClose]);

  const image = images[index];
  const arrow = 'absolute top-1/2 -translate-y-1/2 rounded-full bg-white/90 px-3 py-1 text-lg font-bold';
  return (
    <div
      role="dialog"
      aria-modal="true"
      aria-label={image.alt}
      className="fixed inset-0 z-50 flex items-center justify-center overflow-auto bg-black/85 p-4"
      style={{ touchAction: zoomed ? 'auto' : 'none' }}
      onPointerDown={(e) => {
        downX.current = e.clientX;
        swiped.current = false;
      }}
      onPointerUp={(e) => {
        const dx = e.clientX - (downX.current ?? e.clientX);
        if (!zoomed && count > 1 && Math.abs(dx) > SWIPE_PX) {
          swiped.current = true;
          go(dx < 0 ? 1 : -1);
        }
      }}
      onClick={() => !swiped.current && onClose()}
    >
      <button type="button" className="absolute right-4 top-4 z-10 rounded-full bg-white/90 px-3 py-1 text-lg font-bold" aria-label="Close" onClick={onClose}>
        x
      </button>
      {count > 1 && (
        <>
          <button type="button" className={`${arrow} left-3 z-10`} aria-label="Previous image" onClick={(e) => (e.stopPropagation(), go(-1))}>
            &lt;
          </button>
          <button type="button" className={`${arrow} right-3 z-10`} aria-label="Next image" onClick={(e) => (e.stopPropagation(), go(1))}>
            &gt;
          </button>
          <p className="absolute bottom-4 left-1/2 -translate-x-1/2 rounded-full bg-white/90 px-3 py-1 text-sm font-semibold" data-testid="lightbox-position">
            {index + 1} / {count}
          </p>
        </>
      )}
      {/* eslint-disable-next-line @next/next/no-img-element -- images are sized at upload, not by the runtime optimiser (Decision 3) */}
      <img
        src={image.src}
        alt={image.alt}
        data-testid="lightbox-image"
        draggable={false}
        className={`max-h-none select-none rounded-lg transition-transform ${zoomed ? 'scale-150 cursor-zoom-out' : 'max-h-[90vh] cursor-zoom-in'}`}
        onClick={(e) => {
          e.stopPropagation();
          if (!swiped.current) setZoomed((z) => !z);
        }}
      />
    </div>
  );
}
