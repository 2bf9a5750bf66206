// Downloads: a paid order releases its files through short-lived presigned
// URLs, or all at once as one streamed ZIP. Everything that is not a paid
// order containing the product, seen by its owner, with that file (by id or
// index), is "not found" (never a hint).
import 'server-only';
import { notFound } from '@/lib/domain/errors';
import { allVersions, filesForProducts, orderTierPositions } from '@/lib/domain/orders';
import { db } from '@/lib/infra/db';
import { presignDownload } from '@/lib/infra/storage';
import { authorizeOrderDownload } from './access';

export { type ArchiveRequest, archiveLayout, describeOrderArchive, createOrderArchive } from './archive';
export { acquireZipSlot, zipHolder, ZIP_LEASE_SECONDS, ZIP_RETRY_AFTER_SECONDS, ZIPS_PER_HOLDER, type ZipSlot } from './zip-slots';
export { authorizeOrderInvoice } from './access';

export const DOWNLOAD_URL_TTL_SECONDS = 300;

/** `fileId` when given wins over `fileIndex`. */
export type DownloadRequest = { sessionId: string; productId: string; fileIndex: number; fileId?: string; userId: string | null; ip: string | null };

export async function createDownloadUrl(request: DownloadRequest): Promise<string> {
  const order = await authorizeOrderDownload({ sessionId: request.sessionId, productId: request.productId, userId: request.userId });
  // The files as this order knows them: ones removed since it was placed included.
  const files = (await filesForProducts([request.productId], order.createdAt, await orderTierPositions(order.id))).get(request.productId) ?? [];
  // An id may name any version this order had (Decision 68); an index names a slot, which gives its newest version.
  const file = request.fileId ? allVersions(files).find((f) => f.id === request.fileId) : files[request.fileIndex];
  if (!file) throw notFound('File not found');
  await db().downloadLog.create({
    data: { orderId: order.id, productId: request.productId, fileId: file.id, userId: request.userId, ip: request.ip },
  });
  return presignDownload(file.storageKey, file.originalFilename, DOWNLOAD_URL_TTL_SECONDS);
}
