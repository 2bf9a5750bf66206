'use client';

import { useEffect, useId, useRef, type KeyboardEvent, type ReactNode } from 'react';
import { Button } from './button';
import { CloseIcon } from './icons';

// Dialogs on the browser's own <dialog>, opened with showModal(): the browser
// puts it in the top layer (a confirmation opens above an edit dialog), makes
// the page behind it inert, and closes it on Escape. This file adds what the
// platform leaves to the page: Tab wraps around inside the dialog instead of
// leaving for the browser's toolbar, and focus goes back to what opened it.
// No library: the platform already is the headless primitive, at 0 KB.

const FOCUSABLE = 'a[href], button:not([disabled]), input:not([disabled]), select:not([disabled]), textarea:not([disabled]), [tabindex]:not([tabindex="-1"])';

type DialogProps = {
  open: boolean;
  onClose: () => void;
  /** The heading; with `hideTitle` it only names the dialog for assistive technology. */
  title: string;
  hideTitle?: boolean;
  describedBy?: string;
  size?: 'sm' | 'lg' | 'full';
  className?: string;
  children: ReactNode;
};

const WIDTHS = { sm: 'w-[min(28rem,calc(100%-2rem))]', lg: 'w-[min(44rem,calc(100%-2rem))]', full: 'h-full max-h-none w-full max-w-none' };

export function Dialog({ open, onClose, title, hideTitle = false, describedBy, size = 'lg', className, children }: DialogProps) {
  const ref = useRef<HTMLDialogElement>(null);
  const opener = useRef<Element | null>(null);
  const titleId = useId();

  useEffect(() => {
    const dialog = ref.current;
    if (!dialog) return;
    if (open && !dialog.open) {
      opener.current = document.activeElement;
      dialog.showModal();
    }
    if (!open && dialog.open) dialog.close();
  }, [open]);

  // Back to the opener once closed, however it closed (Escape, a button, the owner's state).
  const restoreFocus = () => {
    const target = opener.current;
    opener.current = null;
    if (target instanceof HTMLElement && target.isConnected) target.focus();
  };

  function trapTab(event: KeyboardEvent<HTMLDialogElement>) {
    if (event.key !== 'Tab' || !ref.current) return;
    const items = [...ref.current.querySelectorAll<HTMLElement>(FOCUSABLE)].filter((el) => el.getClientRects().length > 0);
    if (items.length === 0) return;
    const first = items[0];
    const last = items[items.length - 1];
    if (event.shiftKey && document.activeElement === first) {
      event.preventDefault();
      last.focus();
    } else if (!event.shiftKey && document.activeElement === last) {
      event.preventDefault();
      first.focus();
    }
  }

  const look =
    size === 'full' ? `bg-black/90 p-4 ${WIDTHS.full}` : `m-auto max-h-[calc(100vh-2rem)] overflow-y-auto rounded-2xl bg-white p-6 shadow-xl ${WIDTHS[size]}`;
  return (
    <dialog
      ref={ref}
      aria-labelledby={titleId}
      aria-describedby={describedBy}
      onClose={() => {
        restoreFocus();
        onClose();
      }}
      onKeyDown={trapTab}
      className={`backdrop:bg-black/40 ${look} ${className ?? ''}`}
    >
      <div className={hideTitle ? 'absolute top-4 right-4 z-10' : 'mb-4 flex items-start justify-between gap-4'}>
        <h2 id={titleId} className={hideTitle ? 'sr-only' : 'text-xl font-bold'}>
          {title}
        </h2>
        <Button variant={hideTitle ? 'secondary' : 'ghost'} size="sm" className="p-1.5" onClick={() => ref.current?.close()} aria-label="Close">
          <CloseIcon className="h-5 w-5" />
        </Button>
      </div>
      {open && children}
    </dialog>
  );
}

type ConfirmProps = {
  open: boolean;
  title: string;
  message: string;
  confirmLabel: string;
  cancelLabel?: string;
  /** Busy: both buttons wait, and the confirm button says so. */
  busy?: boolean;
  onConfirm: () => void;
  onClose: () => void;
};

/** "Are you sure?": the message, Cancel and the action. Escape or Cancel answers no. */
export function ConfirmDialog({ open, title, message, confirmLabel, cancelLabel = 'Cancel', busy = false, onConfirm, onClose }: ConfirmProps) {
  const messageId = useId();
  return (
    <Dialog open={open} onClose={onClose} title={title} describedBy={messageId} size="sm">
      <p id={messageId} className="text-gray-700">
        {message}
      </p>
      <div className="mt-6 flex flex-wrap justify-end gap-3">
        <Button variant="secondary" onClick={onClose} disabled={busy}>
          {cancelLabel}
        </Button>
        <Button onClick={onConfirm} disabled={busy} autoFocus>
          {busy ? 'Processing...' : confirmLabel}
        </Button>
      </div>
    </Dialog>
  );
}
