'use client';

import { useEffect, useId, useRef, type ReactNode } from 'react';

type Props = {
  open: boolean;
  title: string;
  onClose: () => void;
  children: ReactNode;
  size?: 'sm' | 'lg';
  describedBy?: string;
};

/**
 * A modal on the native <dialog>: the browser supplies the focus trap, Escape,
 * the top layer (so a confirmation can open above an edit dialog) and inertness
 * of the page behind it.
 */
export function Modal({ open, title, onClose, children, size = 'lg', describedBy }: Props) {
  const ref = useRef<HTMLDialogElement>(null);
  const titleId = useId();

  useEffect(() => {
    const dialog = ref.current;
    if (!dialog) return;
    if (open && !dialog.open) dialog.showModal();
    if (!open && dialog.open) dialog.close();
  }, [open]);

  const width = size === 'sm' ? 'w-[min(28rem,calc(100%-2rem))]' : 'w-[min(44rem,calc(100%-2rem))]';
  return (
    <dialog
      ref={ref}
      aria-labelledby={titleId}
      aria-describedby={describedBy}
      onClose={onClose}
      className={`m-auto max-h-[calc(100vh-2rem)] ${width} overflow-y-auto rounded-2xl bg-white p-6 shadow-xl backdrop:bg-black/40`}
    >
      <div className="mb-4 flex items-start justify-between gap-4">
        <h2 id={titleId} className="text-xl font-bold">
          {title}
        </h2>
        <button type="button" onClick={onClose} aria-label="Close" className="rounded-lg p-1 text-gray-600 hover:bg-gray-100">
          <svg width="20" height="20" viewBox="0 0 24 24" fill="none" stroke="currentColor" strokeWidth="2" aria-hidden="true">
            <path d="M6 6l12 12M18 6L6 18" />
          </svg>
        </button>
      </div>
      {open && children}
    </dialog>
  );
}
