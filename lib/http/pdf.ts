// A generated PDF (invoice, adjustment note) as the browser gets it: shown
// inline, never cached anywhere, and no referrer leaking the order's id.
import 'server-only';

export function pdfResponse(document: { filename: string; body: Uint8Array }): Response {
  return new Response(Buffer.from(document.body), {
    headers: {
      'Content-Type': 'application/pdf',
      'Content-Disposition': `inline; filename="${document.filename}"`,
      'Cache-Control': 'private, no-store',
      'Referrer-Policy': 'no-referrer',
    },
  });
}
