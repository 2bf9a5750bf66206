'use client';

import { useRouter } from 'next/navigation';
import { useCallback } from 'react';
import { toast } from '@/components/ui/toast';
import { storeUser } from './use-user';

/**
 * Sends the visitor to /login with an error toast, forgetting the stored user:
 * either there is none, or the server no longer knows its session (401).
 * The toast id keeps a double-run effect from showing it twice.
 */
export function useLoginRedirect(): (message: string) => void {
  const router = useRouter();
  return useCallback(
    (message: string) => {
      storeUser(null);
      toast.error(message, { id: message });
      router.replace('/login');
    },
    [router],
  );
}
