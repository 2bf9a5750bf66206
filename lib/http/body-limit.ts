import 'server-only';
import { AppError } from '@/lib/domain/errors';

/**
 * Refuses a request whose declared Content-Length is over `maxBytes` before a
 * byte of the body is read. Bodies sent without a length (chunked) are still
 * bounded by the streaming reader's per-part limits; this only saves reading
 * and discarding what the client already said is too much.
 */
export function refuseBodyOver(request: Request, maxBytes: number, what: string): void {
  const declared = Number(request.headers.get('content-length'));
  if (Number.isFinite(declared) && declared > maxBytes) {
    throw new AppError('payload_too_large', `${what} is larger than ${Math.floor(maxBytes / (1024 * 1024))} MB`);
  }
}

/** Room for multipart boundaries and part headers around the files and fields themselves. */
export const MULTIPART_OVERHEAD_BYTES = 64 * 1024;
