// Downloads: a paid order releases its files through short-lived presigned
// URLs. Everything that is not a paid order containing the product, seen by
// its owner, with that file (by id or index), is "not found" (never a hint).
import 'server-only';
import { AppError, notFound } from '@/lib/domain/errors';
import { isActiveMember } from '@/lib/domain/membership';
import { filesForProducts } from '@/lib/domain/orders';
import { db } from '@/lib/infra/db';
import { presignDownload } from '@/lib/infra/storage';

export const DOWNLOAD_URL_TTL_SECONDS = 300;

/** `fileId` when given wins over `fileIndex`. */
export type DownloadRequest = { sessionId: string; productId: string; fileIndex: number; fileId?: string; userId: string | null; ip: string | null };

export async function createDownloadUrl(request: DownloadRequest): Promise<string> {
  const order = await db().order.findUnique({
    where: { sessionId: request.sessionId },
    select: { id: true, userId: true, kind: true, createdAt: true, fulfilledAt: true, paymentStatus: true, items: { where: { productId: request.productId }, select: { productId: true } } },
  });
  const paid = order?.fulfilledAt && (order.paymentStatus === 'paid' || order.paymentStatus === 'no_payment_required');
  if (!order || !paid || order.items.length === 0) throw notFound('File not found');
  if (order.userId && order.userId !== request.userId) throw notFound('File not found');
  // A member's $0 checkout lasts as long as the membership; paid orders forever.
  if (order.kind === 'member' && !(await isActiveMember(order.userId))) {
    throw new AppError('forbidden', 'Downloads from member checkouts need an active membership');
  }
  // The files as this order knows them: ones removed since it was placed included.
  const files = (await filesForProducts([request.productId], order.createdAt)).get(request.productId) ?? [];
  const file = request.fileId ? files.find((f) => f.id === request.fileId) : files[request.fileIndex];
  if (!file) throw notFound('File not found');
  await db().downloadLog.create({
    data: { orderId: order.id, productId: request.productId, fileId: file.id, userId: request.userId, ip: request.ip },
  });
  return presignDownload(file.storageKey, file.originalFilename, DOWNLOAD_URL_TTL_SECONDS);
}
