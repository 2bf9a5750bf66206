import 'server-only';

/** A CSV download (lib/domain/csv.ts wrote it): an attachment that no cache keeps. */
export function csvResponse(filename: string, body: string | ReadableStream<Uint8Array>): Response {
  const safeName = filename.replace(/[^A-Za-z0-9_.-]/g, '');
  return new Response(body, {
    headers: { 'Content-Type': 'text/csv; charset=utf-8', 'Content-Disposition': `attachment; filename="${safeName}"`, 'Cache-Control': 'no-store' },
  });
}
