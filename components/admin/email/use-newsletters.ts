'use client';

import type { NewsletterResponse } from '@/lib/contract/newsletters';
import { useAdminData } from '../use-admin-data';

export const NEWSLETTERS_PATH = '/api/admin/newsletters';
const POLL_MS = 3000;

/** The newsletters with their progress, polled while one is being sent. */
export function useNewsletters() {
  return useAdminData<{ newsletters: NewsletterResponse[] }>(NEWSLETTERS_PATH, 'Failed to load newsletters', {
    refreshInterval: (data) => (data?.newsletters.some((n) => n.status === 'sending') ? POLL_MS : 0),
  });
}
