'use client';

import { toast } from '@/components/ui/toast';
import { createApiClient, type ApiError } from '@/components/data/api';

// The admin's side of the one API client. The session is the HttpOnly
// `shop_admin` cookie, sent on same-origin requests; no token is ever read or
// stored by this code. A 401 means the session ended (expired, revoked or
// signed out elsewhere), so the dashboard gives way to the sign-in page.

export const ADMIN_USERNAME_KEY = 'admin_username';

let leaving = false;

export function goToAdminLogin(): void {
  if (leaving) return;
  leaving = true;
  window.localStorage.removeItem(ADMIN_USERNAME_KEY);
  // eslint-disable-next-line @next/next/no-location-assign-relative-destination -- called outside React on any 401; a full load also drops every tab's stale state
  window.location.assign('/admin/login');
}

export const api = createApiClient({ onUnauthorized: goToAdminLogin });

/** The spec's failure toast, with the server's reason beneath it; silent on 401 (the page is already leaving). */
export function toastFailure(error: ApiError, message: string): void {
  if (error.status === 401) return;
  toast.error(message, error.detail ? { description: error.detail } : undefined);
}
