// The request body the admin's browser sends to POST /api/admin/bulk-upload:
// the form's fields first, then the files, each read from disk only when the
// consumer pulls it (64 KB chunks), so a batch of gigabytes streams.
import { randomBytes } from 'node:crypto';
import { readFile } from 'node:fs/promises';
import { basename } from 'node:path';

export const MULTIPART_BOUNDARY = `----bench${randomBytes(8).toString('hex')}`;
const CHUNK_BYTES = 64 * 1024;

export function multipartBody(fields: Record<string, string>, files: string[]): ReadableStream<Uint8Array> {
  const boundary = MULTIPART_BOUNDARY;
  async function* parts(): AsyncGenerator<Uint8Array> {
    for (const [name, value] of Object.entries(fields)) {
      yield Buffer.from(`--${boundary}\r\nContent-Disposition: form-data; name="${name}"\r\n\r\n${value}\r\n`);
    }
    for (const file of files) {
      yield Buffer.from(`--${boundary}\r\nContent-Disposition: form-data; name="files"; filename="${basename(file)}"\r\nContent-Type: image/png\r\n\r\n`);
      const bytes = await readFile(file);
      for (let at = 0; at < bytes.length; at += CHUNK_BYTES) yield bytes.subarray(at, at + CHUNK_BYTES);
      yield Buffer.from('\r\n');
    }
    yield Buffer.from(`--${boundary}--\r\n`);
  }
  const source = parts();
  return new ReadableStream<Uint8Array>({
    async pull(controller) {
      const next = await source.next();
      if (next.done) controller.close();
      else controller.enqueue(next.value);
    },
  });
}
