'use client';

// The one way browser code talks to the shop's API. Every failure, whether the
// server's error shape, a network drop or a reply that is not JSON, becomes an
// ApiError. Its `detail` is the server's own message or null, so each caller
// shows the spec's wording for its action when the server gave none
// (`error.detail ?? 'Failed to initiate checkout'`).

export class ApiError extends Error {
  readonly status: number;
  readonly code: string;
  readonly detail: string | null;
  readonly fields: Record<string, string[]> | undefined;

  constructor(status: number, code: string, detail: string | null, fields?: Record<string, string[]>) {
    super(detail ?? `${code} (${status})`);
    this.name = 'ApiError';
    this.status = status;
    this.code = code;
    this.detail = detail;
    this.fields = fields;
  }
}

/** Status 0: the request never got an answer (offline, DNS, aborted). */
export const NETWORK_ERROR = 'network_error';
/** The server answered, but not with the JSON the caller needs. */
export const INVALID_RESPONSE = 'invalid_response';
/** Storage refused a direct upload (its answer is S3's XML, never the shop's error shape). */
export const STORAGE_REFUSED = 'storage_refused';

export type ApiResult<T> = { ok: true; status: number; body: T; headers: Headers } | { ok: false; error: ApiError };

export type ClientOptions = {
  /** Called on any 401: the session behind the cookie has ended. */
  onUnauthorized?: () => void;
};

async function readBody(res: Response): Promise<{ parsed: true; value: unknown } | { parsed: false }> {
  const text = await res.text().catch(() => null);
  if (text === null) return { parsed: false };
  if (text === '') return { parsed: true, value: null };
  try {
    return { parsed: true, value: JSON.parse(text) as unknown };
  } catch {
    return { parsed: false };
  }
}

async function failure(status: number, body: unknown): Promise<ApiError> {
  // Loaded on the first failure only (a separate chunk): see error-body.ts.
  const { errorBodySchema } = await import('./error-body');
  const shaped = errorBodySchema.safeParse(body);
  if (shaped.success) return new ApiError(status, shaped.data.code, shaped.data.detail || null, shaped.data.fields);
  return new ApiError(status, INVALID_RESPONSE, null);
}

const jsonInit = (method: string, body: unknown): RequestInit => ({
  method,
  headers: { 'Content-Type': 'application/json' },
  body: JSON.stringify(body),
});

export function createApiClient(options: ClientOptions = {}) {
  // Cookies ride only on same-origin requests: no token is ever read or kept by browser code (docs/security.md S2).
  async function call<T>(path: string, init?: RequestInit): Promise<ApiResult<T>> {
    let res: Response;
    try {
      res = await fetch(path, { cache: 'no-store', credentials: 'same-origin', ...init });
    } catch {
      return { ok: false, error: new ApiError(0, NETWORK_ERROR, null) };
    }
    if (res.status === 401) options.onUnauthorized?.();
    const body = await readBody(res);
    if (!res.ok) return { ok: false, error: await failure(res.status, body.parsed ? body.value : null) };
    if (!body.parsed) return { ok: false, error: new ApiError(res.status, INVALID_RESPONSE, null) };
    return { ok: true, status: res.status, body: body.value as T, headers: res.headers };
  }

  /** The body, or throws the ApiError: for SWR fetchers and code that prefers try/catch. */
  async function request<T>(path: string, init?: RequestInit): Promise<T> {
    const result = await call<T>(path, init);
    if (!result.ok) throw result.error;
    return result.body;
  }

  /**
   * A file straight to storage through a presigned URL (Decision 070), with the
   * headers it was signed for. Another origin: no cookies, and a refusal says
   * nothing about the shop's session, so onUnauthorized is never called.
   */
  async function putFile(url: string, file: Blob, headers: Record<string, string>): Promise<ApiResult<null>> {
    let res: Response;
    try {
      res = await fetch(url, { method: 'PUT', body: file, headers, credentials: 'omit', cache: 'no-store' });
    } catch {
      return { ok: false, error: new ApiError(0, NETWORK_ERROR, null) };
    }
    // Read to its end (S3 answers an empty body or a short XML error): a cancelled body counts as an aborted request.
    await res.arrayBuffer().catch(() => null);
    return res.ok ? { ok: true, status: res.status, body: null, headers: res.headers } : { ok: false, error: new ApiError(res.status, STORAGE_REFUSED, null) };
  }

  return {
    call,
    request,
    putFile,
    get: <T>(path: string, init?: RequestInit) => call<T>(path, init),
    post: <T>(path: string, body?: unknown) => call<T>(path, body === undefined ? { method: 'POST' } : jsonInit('POST', body)),
    put: <T>(path: string, body: unknown) => call<T>(path, jsonInit('PUT', body)),
    del: <T>(path: string, body?: unknown) => call<T>(path, body === undefined ? { method: 'DELETE' } : jsonInit('DELETE', body)),
    /** The spec's form endpoints (account, banner, subcategories, resend-email). */
    form: <T>(path: string, fields: Record<string, string>) => call<T>(path, { method: 'POST', body: new URLSearchParams(fields) }),
    multipart: <T>(path: string, body: FormData, init?: RequestInit) => call<T>(path, { ...init, method: 'POST', body }),
  };
}

export type ApiClient = ReturnType<typeof createApiClient>;

/** The shopper's client: a 401 is the caller's to handle (each page words it its own way). */
export const api = createApiClient();
