import 'server-only';
import { invalid } from '@/lib/domain/errors';
import { requireText } from '@/lib/domain/text';
import { shopDay } from '@/lib/format';

/** A CSV download (lib/domain/csv.ts wrote it): an attachment that no cache keeps. */
export function csvResponse(filename: string, body: string | ReadableStream<Uint8Array>): Response {
  const safeName = filename.replace(/[^A-Za-z0-9_.-]/g, '');
  return new Response(body, {
    headers: { 'Content-Type': 'text/csv; charset=utf-8', 'Content-Disposition': `attachment; filename="${safeName}"`, 'Cache-Control': 'no-store' },
  });
}

/** "orders-2026-11-27.csv": an export's name with the day it was made (the shop's day). */
export const datedCsvName = (what: string, at: Date = new Date()) => `${what}-${shopDay(at)}.csv`;

/** An uploaded CSV as text: UTF-8 (a byte-order mark allowed), and text only (docs/security.md N4). */
export function csvUploadText(bytes: Uint8Array): string {
  let text: string;
  try {
    text = new TextDecoder('utf-8', { fatal: true }).decode(bytes);
  } catch {
    throw invalid('The file must be a CSV saved as UTF-8', { file: ['Save the file as CSV UTF-8'] });
  }
  requireText(text, 'file');
  return text;
}
