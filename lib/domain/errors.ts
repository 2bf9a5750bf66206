// Domain failures carry a stable snake_case code; lib/http maps each code to an
// HTTP status in one table, so routes never pick statuses by hand.
export type ErrorCode =
  | 'invalid_request'
  | 'unauthorized'
  | 'forbidden'
  | 'not_found'
  | 'conflict'
  | 'payload_too_large'
  | 'unsupported_media_type'
  | 'rate_limited'
  | 'service_unavailable'
  | 'internal_error';

export class AppError extends Error {
  constructor(
    readonly code: ErrorCode,
    message: string,
    readonly fields?: Record<string, string[]>,
    /** Seconds a client should wait before retrying (rate limits). */
    readonly retryAfterSeconds?: number,
  ) {
    super(message);
    this.name = 'AppError';
  }
}

export const notFound = (what = 'Not found') => new AppError('not_found', what);
export const invalid = (message: string, fields?: Record<string, string[]>) => new AppError('invalid_request', message, fields);
