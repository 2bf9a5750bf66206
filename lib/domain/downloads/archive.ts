import 'server-only';
import { notFound } from '@/lib/domain/errors';
import { filesForProducts, orderTierPositions, type OrderFile } from '@/lib/domain/orders';
import { zipObjects, type ZipEntry } from '@/lib/infra/archive';
import { db } from '@/lib/infra/db';
import { sanitizeFilename } from '@/lib/infra/storage';
import { authorizeOrderDownload, type AuthorizedOrder } from './access';
import { acquireZipSlot, zipHolder } from './zip-slots';

export type ArchiveRequest = { sessionId: string; productId?: string; userId: string | null; ip: string | null };
export type OrderArchive = { filename: string; body: ReadableStream<Uint8Array>; fileCount: number };

/** A name that cannot climb out of its folder or hide: no separators, no leading dots. */
function safeSegment(name: string, fallback: string): string {
  const cleaned = sanitizeFilename(name)
    .replace(/^[.\s]+/, '')
    .trim();
  return cleaned || fallback;
}

function withSuffix(name: string, n: number): string {
  const dot = name.lastIndexOf('.');
  return dot > 0 ? `${name.slice(0, dot)} (${n})${name.slice(dot)}` : `${name} (${n})`;
}

// The newest version of each file (Decision 68): earlier versions are single downloads only.
type Folder = { title: string; productId: string; files: Pick<OrderFile, 'id' | 'storageKey' | 'originalFilename'>[] };

/**
 * Where each file goes in the ZIP: one folder per ordered product (a bundle's
 * files in the bundle's folder). A file the order gives twice (a product
 * bought alone and inside a bundle) is written once, in the first folder;
 * different files with the same name get " (2)", " (3)" so none overwrites another.
 */
export function archiveLayout(folders: Folder[]): (ZipEntry & { fileId: string; productId: string })[] {
  const seenFiles = new Set<string>();
  const usedPaths = new Set<string>();
  const usedFolders = new Set<string>();
  const entries: (ZipEntry & { fileId: string; productId: string })[] = [];
  for (const folder of folders) {
    const base = safeSegment(folder.title, 'product');
    let dir = base;
    for (let n = 2; usedFolders.has(dir.toLowerCase()); n++) dir = `${base} (${n})`;
    usedFolders.add(dir.toLowerCase());
    for (const file of folder.files) {
      if (seenFiles.has(file.id)) continue;
      seenFiles.add(file.id);
      const name = safeSegment(file.originalFilename, 'file');
      let path = `${dir}/${name}`;
      for (let n = 2; usedPaths.has(path.toLowerCase()); n++) path = `${dir}/${withSuffix(name, n)}`;
      usedPaths.add(path.toLowerCase());
      entries.push({ path, storageKey: file.storageKey, fileId: file.id, productId: folder.productId });
    }
  }
  return entries;
}

type ArchivePlan = { order: AuthorizedOrder; entries: ReturnType<typeof archiveLayout>; filename: string };

/** What the ZIP of this request would hold, under the same access rule as single downloads; nothing opened or logged. */
async function planOrderArchive(request: ArchiveRequest): Promise<ArchivePlan> {
  const order = await authorizeOrderDownload(request);
  // The files as this order knows them: ones removed since it was placed included.
  const files = await filesForProducts(
    order.items.map((i) => i.productId),
    order.createdAt,
    await orderTierPositions(order.id),
  );
  const entries = archiveLayout(order.items.map((i) => ({ title: i.title, productId: i.productId, files: files.get(i.productId) ?? [] })));
  if (entries.length === 0) throw notFound('File not found');
  return { order, entries, filename: `order-${request.sessionId.slice(-12).replace(/[^A-Za-z0-9_]/g, '')}.zip` };
}

/**
 * The name and size in files of the ZIP a GET would stream, for HEAD: the same
 * checks and answers, but no slot taken, no storage read, nothing logged.
 */
export async function describeOrderArchive(request: ArchiveRequest): Promise<Omit<OrderArchive, 'body'>> {
  const { entries, filename } = await planOrderArchive(request);
  return { filename, fileCount: entries.length };
}

/**
 * Every file of a paid order (or of one of its products) as one streamed ZIP,
 * under the same access rule as single downloads. Each file is logged as
 * downloaded when the archive is handed out, as single downloads are when
 * their link is. Throws rate_limited when the holder or this instance already
 * streams as many ZIPs as allowed (zip-slots.ts).
 */
export async function createOrderArchive(request: ArchiveRequest): Promise<OrderArchive> {
  const { order, entries, filename } = await planOrderArchive(request);
  // Refused before anything is logged: a 429 hands nothing out.
  const slot = await acquireZipSlot(zipHolder(order));
  try {
    await db().downloadLog.createMany({
      data: entries.map((e) => ({ orderId: order.id, productId: e.productId, fileId: e.fileId, userId: request.userId, ip: request.ip })),
    });
  } catch (error) {
    slot.release();
    throw error;
  }
  return {
    filename,
    // The slot is held while the ZIP streams and given back when it ends, whichever way.
    body: zipObjects(
      entries.map(({ path, storageKey }) => ({ path, storageKey })),
      { onSettled: slot.release },
    ),
    fileCount: entries.length,
  };
}
