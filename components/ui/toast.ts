'use client';

// The shop's toasts (docs/product.md §8): sonner's API, with sonner itself
// (its Toaster and styles, about 10 KB gzip) fetched when the first toast is
// shown instead of with every page, as most visits show none (Decision 078).
// <Toaster /> in the root layout mounts sonner's region once it has loaded,
// and each toast waits for that mount, so the live region is on the page
// before its first message and screen readers announce it.
import type { ExternalToast } from 'sonner';

type Sonner = typeof import('sonner');
type Kind = 'success' | 'error' | 'info' | 'warning';

const listeners = new Set<() => void>();
let loaded: Sonner | null = null;
let ready: Promise<Sonner> | null = null;
let markMounted: (() => void) | null = null;

/** What <Toaster /> renders: sonner once a toast asked for it, until then nothing. */
export const toasterStore = {
  subscribe(listener: () => void) {
    listeners.add(listener);
    return () => void listeners.delete(listener);
  },
  get: (): Sonner | null => loaded,
  /** Called by <Toaster /> once sonner's region is on the page: the waiting toasts go out. */
  mounted: () => markMounted?.(),
};

function sonner(): Promise<Sonner> {
  ready ??= import('sonner').then(
    (module) =>
      new Promise<Sonner>((resolve) => {
        markMounted = () => resolve(module);
        loaded = module;
        for (const listener of listeners) listener();
      }),
  );
  return ready;
}

const show = (kind: Kind) => (message: string, options?: ExternalToast) => void sonner().then((s) => s.toast[kind](message, options));

export const toast = { success: show('success'), error: show('error'), info: show('info'), warning: show('warning') };
