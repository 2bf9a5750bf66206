import 'server-only';
import { z } from 'zod';
import { AppError, type ErrorCode } from '@/lib/domain/errors';
import type { ErrorBody } from '@/lib/contract/error';
import { isDatabaseUnavailable } from '@/lib/infra/db/unavailable';

export const STATUS_BY_CODE: Record<ErrorCode, number> = {
  invalid_request: 400,
  unauthorized: 401,
  forbidden: 403,
  not_found: 404,
  conflict: 409,
  payload_too_large: 413,
  unsupported_media_type: 415,
  rate_limited: 429,
  service_unavailable: 503,
  internal_error: 500,
};

const NO_STORE = { 'Cache-Control': 'no-store' };

export const UNAVAILABLE_MESSAGE = 'Service temporarily unavailable, please retry';
const UNAVAILABLE_RETRY_SECONDS = 2;

export function errorResponse(code: ErrorCode, message: string, fields?: Record<string, string[]>, headers?: HeadersInit): Response {
  const body: ErrorBody = { detail: message, code, ...(fields ? { fields } : {}) };
  return Response.json(body, { status: STATUS_BY_CODE[code], headers: { ...NO_STORE, ...headers } });
}

// One line per outage window, not one per request: a restart under load fails hundreds.
let lastUnavailableLog = 0;
function logUnavailable(error: unknown) {
  if (Date.now() - lastUnavailableLog < 5_000) return;
  lastUnavailableLog = Date.now();
  const message = error instanceof Error ? error.message.trim().split('\n').pop() : String(error);
  console.warn(`[api] database unavailable, answering 503: ${message}`);
}

/** Turns anything thrown by a handler into the one error shape. */
export function toErrorResponse(error: unknown): Response {
  if (error instanceof AppError) {
    const headers = error.retryAfterSeconds ? { 'Retry-After': String(error.retryAfterSeconds) } : undefined;
    return errorResponse(error.code, error.message, error.fields, headers);
  }
  if (error instanceof z.ZodError) {
    const flat = z.flattenError(error);
    const fields = flat.fieldErrors as Record<string, string[]>;
    const first = error.issues[0];
    // zod's own wording needs the field to make sense; our schema messages are written for people.
    const generic = /^(Invalid input|Invalid option|Too (small|big)|Expected|Unrecognized|Invalid (string|number|date|email|url|ISO))/i.test(
      first?.message ?? '',
    );
    const where = generic && first?.path.length ? `${first.path.join('.')}: ` : '';
    return errorResponse('invalid_request', `${where}${first?.message ?? 'Invalid request'}`, fields);
  }
  const prismaCode = (error as { code?: string })?.code;
  if (prismaCode === 'P2025') return errorResponse('not_found', 'Not found');
  if (prismaCode === 'P2002') return errorResponse('conflict', 'Already exists');
  // Postgres restarting or out of connections is the client's cue to retry,
  // not a bug: 503 at once (the pool's connect timeout bounds the wait).
  if (isDatabaseUnavailable(error)) {
    logUnavailable(error);
    return errorResponse('service_unavailable', UNAVAILABLE_MESSAGE, undefined, { 'Retry-After': String(UNAVAILABLE_RETRY_SECONDS) });
  }
  console.error('[api] unhandled error', error instanceof Error ? (error.stack ?? error.message) : error);
  return errorResponse('internal_error', 'Internal server error');
}
