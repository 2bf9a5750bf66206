'use client';

import { useEffect, type RefObject } from 'react';

/** Calls `close` on a pointer-down outside `ref` or on Escape while `open` (SPEC §4: pickers close on an outside click). */
export function useOutsideClose(ref: RefObject<HTMLElement | null>, open: boolean, close: () => void): void {
  useEffect(() => {
    const element = ref.current;
    if (!open || !element) return;
    const onPointer = (event: PointerEvent) => {
      if (!element.contains(event.target as Node)) close();
    };
    const onKey = (event: KeyboardEvent) => {
      if (event.key === 'Escape') {
        // The picker closes, not the dialog around it.
        event.preventDefault();
        close();
      }
    };
    document.addEventListener('pointerdown', onPointer);
    element.addEventListener('keydown', onKey);
    return () => {
      document.removeEventListener('pointerdown', onPointer);
      element.removeEventListener('keydown', onKey);
    };
  }, [ref, open, close]);
}
