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

/** How long a ZIP waits for its client to take the next chunk before it gives up (and gives its connection back). */
export const ZIP_STALL_SECONDS = 300;

export type ZipStreamOptions = {
  /** Runs once, when the last byte was pulled, the stream failed, or the consumer cancelled it. */
  onSettled?: () => void;
  stallSeconds?: number;
};

/**
 * Streams a ZIP of private-bucket objects. Objects are opened one at a time,
 * only once the previous entry is fully written, and the archive is pulled by
 * the consumer, so memory stays bounded by stream buffers whatever the order's
 * size. A missing object or a storage failure, when opening an object or part
 * way through one, ends the stream with an error (the client sees a truncated
 * download, never a silently incomplete ZIP).
 *
 * Each object is read through the archive pool of storage connections, and the
 * connection is let go the moment the ZIP ends, whichever way: archiver's own
 * abort leaves the entry it is reading open, so that body is destroyed here. A
 * consumer that takes nothing for `stallSeconds` (gone without closing, or a
 * response nobody reads) fails the stream, so it cannot hold a connection for good.
 */
export function zipObjects(entries: ZipEntry[], { onSettled, stallSeconds = ZIP_STALL_SECONDS }: ZipStreamOptions = {}): ReadableStream<Uint8Array> {
  const archive = archiver('zip', { zlib: { level: 6 } });
  const stop = new AbortController();
  let reading: Readable | undefined;
  let stalled: ReturnType<typeof setTimeout> | undefined;
  let settled = false;
  const settle = () => {
    if (settled) return;
    settled = true;
    clearTimeout(stalled);
    stop.abort();
    reading?.destroy();
    onSettled?.();
  };
  const fail = (error: unknown) => {
    if (!stop.signal.aborted) archive.destroy(error instanceof Error ? error : new Error(String(error)));
  };
  const waitForConsumer = () => {
    clearTimeout(stalled);
    if (settled) return;
    stalled = setTimeout(() => fail(new Error(`The client took nothing for ${stallSeconds} s`)), stallSeconds * 1000);
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
      // Time spent producing the chunk (reading storage) is not the client's.
      clearTimeout(stalled);
      const next = await chunks.next();
      if (next.done) {
        controller.close();
        settle();
      } else {
        controller.enqueue(new Uint8Array(next.value.buffer, next.value.byteOffset, next.value.byteLength));
        waitForConsumer();
      }
    },
    async cancel() {
      settle();
      archive.abort();
      await chunks.return?.();
    },
  });
}
