'use client';

import { useEffect, useSyncExternalStore } from 'react';
import { takeFlash } from './flash';
import { toast, toasterStore } from './toast';

/** Toasts per docs/product.md §8: bottom-right, 4000 ms, at most 3 visible; sonner loads with the first (toast.ts). */
export function Toaster() {
  const sonner = useSyncExternalStore(toasterStore.subscribe, toasterStore.get, () => null);
  useEffect(() => {
    const flash = takeFlash();
    if (flash) toast[flash.type](flash.message);
  }, []);
  // After sonner's own effects (a child's run first): its region listens before the first toast is sent.
  useEffect(() => {
    if (sonner) toasterStore.mounted();
  }, [sonner]);
  if (!sonner) return null;
  const Sonner = sonner.Toaster;
  return <Sonner position="bottom-right" duration={4000} visibleToasts={3} richColors closeButton />;
}
