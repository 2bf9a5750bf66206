import 'server-only';
import { notFound } from '@/lib/domain/errors';
import { filesForProducts, orderTierPositions, type OrderFile } from '@/lib/domain/orders';
import { zipObjects, type ZipEntry } from '@/lib/infra/archive';
import { db } from '@/lib/infra/db';
import { sanitizeFilename } from '@/lib/infra/storage';
import { authorizeOrderDownload } from './access';

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

/**
 * Every file of a paid order (or of one of its products) as one streamed ZIP,
 * under the same access rule as single downloads. Each file is logged as
 * downloaded when the archive is handed out, as single downloads are when
 * their link is.
 */
export async function createOrderArchive(request: ArchiveRequest): Promise<OrderArchive> {
  const order = await authorizeOrderDownload(request);
  // The files as this order knows them: ones removed since it was placed included.
  const files = await filesForProducts(
    order.items.map((i) => i.productId),
    order.createdAt,
    await orderTierPositions(order.id),
  );
  const entries = archiveLayout(order.items.map((i) => ({ title: i.title, productId: i.productId, files: files.get(i.productId) ?? [] })));
  if (entries.length === 0) throw notFound('File not found');
  await db().downloadLog.createMany({
    data: entries.map((e) => ({ orderId: order.id, productId: e.productId, fileId: e.fileId, userId: request.userId, ip: request.ip })),
  });
  return {
    filename: `order-${request.sessionId.slice(-12).replace(/[^A-Za-z0-9_]/g, '')}.zip`,
    body: zipObjects(entries.map(({ path, storageKey }) => ({ path, storageKey }))),
    fileCount: entries.length,
  };
}
