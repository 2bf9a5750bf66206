import 'server-only';
import { once } from 'node:events';
import { Readable } from 'node:stream';
import archiver from 'archiver';
import { getObject } from '@/lib/infra/storage';

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
 * size. A missing object or a storage failure ends the stream with an error
 * (the client sees a truncated download, never a silently incomplete ZIP).
 */
export function zipObjects(entries: ZipEntry[]): ReadableStream<Uint8Array> {
  const archive = archiver('zip', { zlib: { level: 6 } });
  const feed = async () => {
    for (const entry of entries) {
      const object = await getObject('private', entry.storageKey);
      if (!object) throw new Error(`Stored file missing: ${entry.storageKey}`);
      const written = once(archive, 'entry');
      archive.append(Readable.fromWeb(object.body as import('node:stream/web').ReadableStream), {
        name: entry.path,
        store: isStoredUncompressed(entry.path),
      });
      await written;
    }
    // Errors reach the consumer through the stream; the promise would only duplicate them.
    archive.finalize().catch(() => undefined);
  };
  feed().catch((error: unknown) => archive.destroy(error instanceof Error ? error : new Error(String(error))));

  const chunks = archive[Symbol.asyncIterator]() as AsyncIterator<Buffer>;
  return new ReadableStream<Uint8Array>({
    async pull(controller) {
      const next = await chunks.next();
      if (next.done) controller.close();
      else controller.enqueue(new Uint8Array(next.value.buffer, next.value.byteOffset, next.value.byteLength));
    },
    async cancel() {
      archive.abort();
      await chunks.return?.();
    },
  });
}
