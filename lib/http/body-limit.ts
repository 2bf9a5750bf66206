import 'server-only';
import { NextRequest } from 'next/server';
import { AppError } from '@/lib/domain/errors';

/**
 * How much of a request body a route may read. `buffered`: the whole body is
 * read here, before the route runs, and refused past `maxBytes`. `streamed`:
 * an upload whose route reads the body with its own per-part limits (the
 * streaming multipart reader); only a declared length is checked here.
 * `deferred`: `limit`, applied by the route itself (`boundBody`) once it knows
 * who is asking; until then only a declared length is checked, and nothing is read.
 */
export type BodyLimit = { kind: 'buffered'; maxBytes: number } | { kind: 'streamed'; maxBytes?: number } | { kind: 'deferred'; limit: BodyLimit };

/** JSON and form bodies of every route that does not say otherwise. */
export const SMALL_BODY_BYTES = 64 * 1024;
export const SMALL_BODY: BodyLimit = { kind: 'buffered', maxBytes: SMALL_BODY_BYTES };

export const bufferedBody = (maxBytes: number): BodyLimit => ({ kind: 'buffered', maxBytes });
export const streamedBody = (maxBytes?: number): BodyLimit => ({ kind: 'streamed', maxBytes });
/** For routes that check the caller first (an admin session, a webhook sender's allowance): a stranger's body is never read. */
export const deferredBody = (limit: BodyLimit): BodyLimit => ({ kind: 'deferred', limit });

/** Room for multipart boundaries and part headers around the files and fields themselves. */
export const MULTIPART_OVERHEAD_BYTES = 64 * 1024;

function describe(bytes: number): string {
  return bytes >= 1024 * 1024 ? `${Math.floor(bytes / (1024 * 1024))} MB` : `${Math.floor(bytes / 1024)} KB`;
}

function tooLarge(what: string, maxBytes: number): AppError {
  return new AppError('payload_too_large', `${what} is larger than ${describe(maxBytes)}`);
}

/**
 * Refuses a request whose declared Content-Length is over `maxBytes` before a
 * byte of the body is read: no point reading what the client already said is too much.
 */
export function refuseBodyOver(request: Request, maxBytes: number, what: string): void {
  const declared = Number(request.headers.get('content-length'));
  if (Number.isFinite(declared) && declared > maxBytes) throw tooLarge(what, maxBytes);
}

function refuseDeclaredOver(request: Request, limit: BodyLimit): void {
  if (limit.kind === 'deferred') refuseDeclaredOver(request, limit.limit);
  else if (limit.maxBytes !== undefined) refuseBodyOver(request, limit.maxBytes, limit.kind === 'streamed' ? 'The upload' : 'The request body');
}

/**
 * Reads a body of unknown length (chunked) and stops at the limit: at most
 * `maxBytes` plus one chunk is ever held, however much the client sends.
 */
async function readWithin(body: ReadableStream<Uint8Array>, maxBytes: number): Promise<Uint8Array<ArrayBuffer>> {
  const reader = body.getReader();
  const chunks: Uint8Array[] = [];
  let size = 0;
  try {
    for (;;) {
      const { done, value } = await reader.read();
      if (done) break;
      size += value.byteLength;
      if (size > maxBytes) throw tooLarge('The request body', maxBytes);
      chunks.push(value);
    }
  } finally {
    // Not cancel(): that destroys the connection, and a client still sending
    // would see a reset instead of the 413. Unread, the rest waits in the
    // socket (TCP stops the sender) until the client goes or the server's
    // request timeout ends it; nothing more is read into memory.
    reader.releaseLock();
  }
  const bytes = new Uint8Array(size);
  let at = 0;
  for (const chunk of chunks) {
    bytes.set(chunk, at);
    at += chunk.byteLength;
  }
  return bytes;
}

/**
 * Applies a route's body limit before the route runs, so an oversized body
 * costs no rate-limit count, no database query and no parsing (a deferred
 * limit: only a declared length here; the route calls this again with the
 * limit itself once it has checked the caller). A buffered
 * body is handed on as a fresh request over the bytes already read (next-auth
 * needs the NextRequest's nextUrl, so it stays one).
 */
export async function boundBody(request: Request, limit: BodyLimit): Promise<Request> {
  if (request.method === 'GET' || request.method === 'HEAD') return request;
  refuseDeclaredOver(request, limit);
  if (limit.kind !== 'buffered' || !request.body) return request;
  const bytes = await readWithin(request.body, limit.maxBytes);
  const headers = new Headers(request.headers);
  headers.delete('transfer-encoding');
  headers.set('content-length', String(bytes.byteLength));
  return new NextRequest(request.url, { method: request.method, headers, body: bytes, signal: request.signal });
}
