'use client';

// Browser calls to the account endpoints. Authentication rides on the HttpOnly
// session cookie the login endpoint sets; the token in the login answer is for
// API clients and is never kept by the browser (SECURITY S2). A session the
// server ended (logout elsewhere, password reset) answers 401.

export type ApiResult<T> = { ok: true; status: number; body: T } | { ok: false; status: number; detail: string | null };

async function call<T>(path: string, init?: RequestInit): Promise<ApiResult<T>> {
  let res: Response;
  try {
    res = await fetch(path, { cache: 'no-store', ...init });
  } catch {
    return { ok: false, status: 0, detail: null };
  }
  const body = (await res.json().catch(() => null)) as unknown;
  if (res.ok) return { ok: true, status: res.status, body: body as T };
  const detail = (body as { detail?: unknown } | null)?.detail;
  return { ok: false, status: res.status, detail: typeof detail === 'string' && detail ? detail : null };
}

export const getJson = <T>(path: string) => call<T>(path);

/** The spec's account endpoints take form fields. */
export const postForm = <T>(path: string, fields: Record<string, string>) =>
  call<T>(path, { method: 'POST', body: new URLSearchParams(fields) });

export const postJson = <T>(path: string, body: unknown) =>
  call<T>(path, { method: 'POST', headers: { 'Content-Type': 'application/json' }, body: JSON.stringify(body) });

export const post = <T>(path: string) => call<T>(path, { method: 'POST' });
