import 'server-only';
import { z } from 'zod';
import { AppError, type ErrorCode } from '@/lib/domain/errors';
import type { ErrorBody } from '@/lib/contract/error';

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

export function errorResponse(code: ErrorCode, message: string, fields?: Record<string, string[]>, headers?: HeadersInit): Response {
  const body: ErrorBody = { detail: message, code, ...(fields ? { fields } : {}) };
  return Response.json(body, { status: STATUS_BY_CODE[code], headers: { ...NO_STORE, ...headers } });
}

// Connection failures (database restarting, pool exhausted) are the client's
// cue to retry, not a bug: answer 503 quickly.
function isUnavailable(error: unknown): boolean {
  const e = error as { code?: string; name?: string; message?: string; cause?: { code?: string } };
  const code = e?.code ?? e?.cause?.code;
  if (code && ['ECONNREFUSED', 'ECONNRESET', 'ETIMEDOUT', '57P01', '57P03', 'P1001', 'P1002', 'P2024'].includes(code)) return true;
  return /Connection terminated|connect ECONNREFUSED|timeout exceeded when trying to connect|DatabaseNotReachable/i.test(e?.message ?? '');
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
    const generic = /^(Invalid input|Invalid option|Too (small|big)|Expected|Unrecognized|Invalid (string|number|date|email|url|ISO))/i.test(first?.message ?? '');
    const where = generic && first?.path.length ? `${first.path.join('.')}: ` : '';
    return errorResponse('invalid_request', `${where}${first?.message ?? 'Invalid request'}`, fields);
  }
  const prismaCode = (error as { code?: string })?.code;
  if (prismaCode === 'P2025') return errorResponse('not_found', 'Not found');
  if (prismaCode === 'P2002') return errorResponse('conflict', 'Already exists');
  if (isUnavailable(error)) {
    return errorResponse('service_unavailable', 'Service temporarily unavailable, please retry', undefined, { 'Retry-After': '2' });
  }
  console.error('[api] unhandled error', error instanceof Error ? error.stack ?? error.message : error);
  return errorResponse('internal_error', 'Internal server error');
}
