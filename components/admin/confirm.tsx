'use client';

import { createContext, useCallback, useContext, useId, useRef, useState, type ReactNode } from 'react';
import { Modal } from './modal';
import { button } from './styles';

type Request = { title: string; message: string; confirmLabel: string };
type Confirm = (request: Request) => Promise<boolean>;

const ConfirmContext = createContext<Confirm | null>(null);

/** One confirmation dialog for the whole dashboard; `useConfirm()` awaits the admin's answer. */
export function ConfirmProvider({ children }: { children: ReactNode }) {
  const [request, setRequest] = useState<Request | null>(null);
  const resolver = useRef<((answer: boolean) => void) | null>(null);
  const messageId = useId();

  const confirm = useCallback<Confirm>((next) => {
    resolver.current?.(false);
    setRequest(next);
    return new Promise<boolean>((resolve) => {
      resolver.current = resolve;
    });
  }, []);

  const answer = (value: boolean) => {
    resolver.current?.(value);
    resolver.current = null;
    setRequest(null);
  };

  return (
    <ConfirmContext.Provider value={confirm}>
      {children}
      <Modal open={request !== null} title={request?.title ?? ''} onClose={() => answer(false)} size="sm" describedBy={messageId}>
        <p id={messageId} className="text-gray-700">
          {request?.message}
        </p>
        <div className="mt-6 flex flex-wrap justify-end gap-3">
          <button type="button" className={button.secondary} onClick={() => answer(false)}>
            Cancel
          </button>
          <button type="button" className={button.primary} onClick={() => answer(true)} autoFocus>
            {request?.confirmLabel}
          </button>
        </div>
      </Modal>
    </ConfirmContext.Provider>
  );
}

export function useConfirm(): Confirm {
  const confirm = useContext(ConfirmContext);
  if (!confirm) throw new Error('useConfirm must be used inside <ConfirmProvider>');
  return confirm;
}
