'use client';

import { useCallback, useEffect, useRef, useState } from 'react';
import { Button } from '@/components/ui/button';
import { Dialog } from '@/components/ui/dialog';
import { ArrowLeftIcon } from '@/components/ui/icons';

export type GalleryView = { src: string; thumb: string; alt: string };

const SWIPE_PX = 40;

type Props = { images: GalleryView[]; title: string; start: number; open: boolean; onClose: () => void };

/**
 * The gallery full screen on the kit's Dialog (named after the product; focus
 * stays inside and goes back to the image that opened it): arrows, the arrow
 * keys or a swipe move between images, a click on the image zooms in, Escape
 * or a click beside it closes. Loaded on the first click, not with the page.
 */
export function ImageLightbox({ images, title, start, open, onClose }: Props) {
  return (
    <Dialog open={open} onClose={onClose} title={title} hideTitle size="full">
      <LightboxBody key={start} images={images} start={start} onClose={onClose} />
    </Dialog>
  );
}

function LightboxBody({ images, start, onClose }: { images: GalleryView[]; start: number; onClose: () => void }) {
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

  // Escape is the dialog's own; the arrows are added while it is open.
  useEffect(() => {
    if (count < 2) return;
    const onKey = (e: KeyboardEvent) => {
      if (e.key === 'ArrowLeft') go(-1);
      if (e.key === 'ArrowRight') go(1);
    };
    window.addEventListener('keydown', onKey);
    return () => window.removeEventListener('keydown', onKey);
  }, [count, go]);

  const image = images[index];
  const arrow = 'absolute top-1/2 z-10 -translate-y-1/2 rounded-full p-2';
  return (
    <div
      className="relative flex h-full items-center justify-center overflow-auto"
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
      {count > 1 && (
        <>
          <Button variant="secondary" className={`${arrow} left-1`} aria-label="Previous image" onClick={(e) => (e.stopPropagation(), go(-1))}>
            <ArrowLeftIcon className="h-5 w-5" />
          </Button>
          <Button variant="secondary" className={`${arrow} right-1`} aria-label="Next image" onClick={(e) => (e.stopPropagation(), go(1))}>
            <ArrowLeftIcon className="h-5 w-5 rotate-180" />
          </Button>
          <p
            className="absolute bottom-2 left-1/2 -translate-x-1/2 rounded-full bg-white px-3 py-1 text-sm font-semibold text-gray-900"
            data-testid="lightbox-position"
          >
            {index + 1} / {count}
          </p>
        </>
      )}
      {/* An image button like the gallery's own: the kit's Button would draw a frame around the picture. */}
      <button
        type="button"
        className={zoomed ? 'cursor-zoom-out' : 'cursor-zoom-in'}
        aria-label={zoomed ? 'Zoom out' : 'Zoom in'}
        aria-pressed={zoomed}
        onClick={(e) => {
          e.stopPropagation();
          if (!swiped.current) setZoomed((z) => !z);
        }}
      >
        {/* eslint-disable-next-line @next/next/no-img-element -- images are sized at upload, not by the runtime optimiser (Decision 3) */}
        <img
          src={image.src}
          alt={image.alt}
          data-testid="lightbox-image"
          draggable={false}
          className={`select-none rounded-lg transition-transform ${zoomed ? 'max-h-none scale-150' : 'max-h-[90vh]'}`}
        />
      </button>
    </div>
  );
}
