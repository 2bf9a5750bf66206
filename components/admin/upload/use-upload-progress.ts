'use client';

import { useCallback, useEffect, useRef, useState } from 'react';
import { toast } from '@/components/ui/toast';
import { api } from '../session';
import { isFinished, POLL_GIVE_UP_MS, POLL_INTERVAL_MS, type UploadProgress } from './types';

// Polls a batch every 2.5 s until it finishes (docs/product.md §4, §9). A failed poll is
// not fatal: the batch keeps running on the server, so polling carries on until
// the 30-minute limit, whose message depends on whether it was a retry.
export function useUploadProgress() {
  const [progress, setProgress] = useState<UploadProgress | null>(null);
  const [polling, setPolling] = useState(false);
  const timer = useRef<ReturnType<typeof setTimeout> | null>(null);

  const stop = useCallback(() => {
    if (timer.current) clearTimeout(timer.current);
    timer.current = null;
    setPolling(false);
  }, []);

  useEffect(() => stop, [stop]);

  const watch = useCallback(
    (batchId: string, kind: 'upload' | 'retry') => {
      stop();
      setPolling(true);
      const startedAt = Date.now();
      const tick = async () => {
        const result = await api.get<UploadProgress>(`/api/admin/upload-progress/${encodeURIComponent(batchId)}`);
        if (result.ok) {
          setProgress(result.body);
          if (isFinished(result.body.stage)) return stop();
        }
        if (Date.now() - startedAt >= POLL_GIVE_UP_MS) {
          toast.error(kind === 'retry' ? 'Retry timeout' : 'Upload timeout - please check status manually');
          return stop();
        }
        timer.current = setTimeout(() => void tick(), POLL_INTERVAL_MS);
      };
      void tick();
    },
    [stop],
  );

  const reset = useCallback(() => {
    stop();
    setProgress(null);
  }, [stop]);

  return { progress, polling, watch, reset };
}
