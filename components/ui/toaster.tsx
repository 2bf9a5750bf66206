'use client';

import { useEffect } from 'react';
import { toast, Toaster as Sonner } from 'sonner';
import { takeFlash } from './flash';

/** Toasts per docs/product.md §8: bottom-right, 4000 ms, at most 3 visible. */
export function Toaster() {
  useEffect(() => {
    const flash = takeFlash();
    if (flash) toast[flash.type](flash.message);
  }, []);
  return <Sonner position="bottom-right" duration={4000} visibleToasts={3} richColors closeButton />;
}
