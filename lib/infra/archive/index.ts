import 'server-only';
import { once } from 'node:events';
import { Readable } from 'node:stream';
import archiver from 'archiver';
import { getObjectStream } from '@/lib/infra/storage';

/** One file of a ZIP: where it sits in the archive, where it lives in the private bucket. */
export type ZipEntry = { path: string; storageKey: string };

// Formats that are already compressed: deflating them again costs CPU and saves nothing.
const STORED_EXTENSIONS = new Set([
  'zip',
  '7z',
  'rar',
  'gz',
  'tgz',
  'bz2',
  'xz',
  'zst',
  'png',
  'jpg',
  'jpeg',
  'gif',
  'webp',
  'avif',
  'heic',
  'pdf',
  'mp3',
  'mp4',
  'm4a',
  'mov',
  'webm',
  'ogg',
  'woff',
  'woff2',
  'docx',
  'xlsx',
  'pptx',
  'epub',
  'procreate',
  'sketch',
]);

export function isStoredUncompressed(path: string): boolean {
  const dot = path.lastIndexOf('.');
  return dot >= 0 && STORED_EXTENSIONS.has(path.slice(dot + 1).toLowerCase());
}

/**
 * Streams a ZIP of private-bucket objects. Objects are opened one at a time,
 * only once the previous entry is fully written, and the archive is pulled by
 * the consumer, so memory stays bounded by stream buffers whatever the order's
 * size. A missing object or a storage failure, when opening an object or part
 * way through one, ends the stream with an error (the client sees a truncated
 * download, never a silently incomplete ZIP).
 *
 * Each object is read through the archive pool of storage connections. The
 * connection is let go the moment the ZIP ends, whichever way: archiver's own
 * abort leaves the entry it is reading open (and so its connection held), so
 * that entry's body is destroyed here. `onSettled` runs once, when the last
 * byte was pulled, the stream failed, or the consumer cancelled it.
 */
export function zipObjects(entries: ZipEntry[], onSettled: () => void = () => undefined): ReadableStream<Uint8Array> {
  const archive = archiver('zip', { zlib: { level: 6 } });
  const stop = new AbortController();
  let reading: Readable | undefined;
  let settled = false;
  const settle = () => {
    if (settled) return;
    settled = true;
    stop.abort();
    reading?.destroy();
    onSettled();
  };
  const fail = (error: unknown) => {
    if (!stop.signal.aborted) archive.destroy(error instanceof Error ? error : new Error(String(error)));
  };

  const feed = async () => {
    for (const entry of entries) {
      const body = await getObjectStream('private', entry.storageKey, { pool: 'archive', signal: stop.signal });
      if (!body) throw new Error(`Stored file missing: ${entry.storageKey}`);
      // Cancelled while the object was being opened: nobody will read it.
      if (stop.signal.aborted) return void body.destroy();
      reading = body;
      // archiver pipes the source, and a pipe does not carry errors: without this a
      // connection cut mid-object would stall the ZIP instead of failing it.
      body.on('error', fail);
      const written = once(archive, 'entry', { signal: stop.signal });
      archive.append(body, { name: entry.path, store: isStoredUncompressed(entry.path) });
      await written;
      reading = undefined;
    }
    // Errors reach the consumer through the stream; the promise would only duplicate them.
    archive.finalize().catch(() => undefined);
  };

  const chunks = archive[Symbol.asyncIterator]() as AsyncIterator<Buffer>;
  return new ReadableStream<Uint8Array>({
    start(controller) {
      // A failure ends the ZIP at once, even while a slow client is not pulling:
      // its slot and connection are free now, and it sees the error when it reads on.
      archive.on('error', (error: Error) => {
        settle();
        controller.error(error);
      });
      feed().catch(fail);
    },
    async pull(controller) {
      const next = await chunks.next();
      if (next.done) {
        controller.close();
        settle();
      } else controller.enqueue(new Uint8Array(next.value.buffer, next.value.byteOffset, next.value.byteLength));
    },
    async cancel() {
      settle();
      archive.abort();
      await chunks.return?.();
    },
  });
}
