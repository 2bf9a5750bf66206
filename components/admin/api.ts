'use client';

import { toast } from 'sonner';

// Browser calls to the admin API. The session is the HttpOnly `shop_admin`
// cookie, sent by fetch on same-origin requests; no token is ever read or
// stored by this code. A 401 means the session ended (expired, revoked or
// signed out elsewhere), so the dashboard gives way to the sign-in page.

export const ADMIN_USERNAME_KEY = 'admin_username';

export type ApiResult<T> =
  | { ok: true; status: number; body: T; headers: Headers }
  | { ok: false; status: number; detail: string | null };

let leaving = false;

export function goToAdminLogin(): void {
  if (leaving) return;
  leaving = true;
  window.localStorage.removeItem(ADMIN_USERNAME_KEY);
  // eslint-disable-next-line @next/next/no-location-assign-relative-destination -- called outside React on any 401; a full load also drops every tab's stale state
  window.location.assign('/admin/login');
}

async function call<T>(path: string, init?: RequestInit): Promise<ApiResult<T>> {
  let res: Response;
  try {
    res = await fetch(path, { cache: 'no-store', credentials: 'same-origin', ...init });
  } catch {
    return { ok: false, status: 0, detail: null };
  }
  if (res.status === 401) goToAdminLogin();
  const body = (await res.json().catch(() => null)) as unknown;
  if (res.ok) return { ok: true, status: res.status, body: body as T, headers: res.headers };
  const detail = (body as { detail?: unknown } | null)?.detail;
  return { ok: false, status: res.status, detail: typeof detail === 'string' && detail ? detail : null };
}

const jsonInit = (method: string, body: unknown): RequestInit => ({
  method,
  headers: { 'Content-Type': 'application/json' },
  body: JSON.stringify(body),
});

export const api = {
  get: <T>(path: string) => call<T>(path),
  post: <T>(path: string, body?: unknown) => call<T>(path, body === undefined ? { method: 'POST' } : jsonInit('POST', body)),
  put: <T>(path: string, body: unknown) => call<T>(path, jsonInit('PUT', body)),
  del: <T>(path: string) => call<T>(path, { method: 'DELETE' }),
  /** The spec's form endpoints (banner, subcategories, resend-email). */
  form: <T>(path: string, fields: Record<string, string>) => call<T>(path, { method: 'POST', body: new URLSearchParams(fields) }),
  multipart: <T>(path: string, body: FormData) => call<T>(path, { method: 'POST', body }),
};

/** The spec's failure toast, with the server's reason beneath it; silent on 401 (the page is already leaving). */
export function toastFailure(result: { status: number; detail: string | null }, message: string): void {
  if (result.status === 401) return;
  toast.error(message, result.detail ? { description: result.detail } : undefined);
}
