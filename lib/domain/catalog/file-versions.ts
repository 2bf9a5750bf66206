// A product file replaced by a new version (Decision 68). The new version takes
// the old one's slot (same position, same lineage), so every order's file_index
// list keeps its shape and gives the newest version; the old row is marked
// superseded, never removed, and stays with the orders placed before it.
import 'server-only';
import { randomUUID } from 'node:crypto';
import { recordAudit } from '@/lib/domain/audit';
import { AppError, invalid, notFound } from '@/lib/domain/errors';
import { peekChunks } from '@/lib/streams';
import { db, Prisma } from '@/lib/infra/db';
import { deleteObject, putObjectStream } from '@/lib/infra/storage';

type Tx = Prisma.TransactionClient;
/** A file of the request, its bytes still arriving (the shape addProductFiles takes). */
type IncomingFile = { name: string; type: string; chunks: AsyncIterable<Uint8Array> };

export type FileVersionRecord = { id: string; originalFilename: string; version: number; createdAt: Date };

/**
 * Whether any order could list this product's files: open or paid, of the
 * product or of a bundle that holds or held it (Decision 59). Files such an
 * order can reach are kept, rows and objects.
 */
export async function isProductFileReferenced(tx: Tx, productId: string): Promise<boolean> {
  const count = await tx.orderItem.count({
    where: {
      order: { OR: [{ fulfilledAt: { not: null } }, { status: 'open' }] },
      OR: [{ productId }, { product: { bundleItems: { some: { productId } } } }],
    },
  });
  return count > 0;
}

async function currentFileOrThrow(productId: string, fileId: string) {
  const file = await db().productFile.findFirst({
    where: { id: fileId, productId, product: { deletedAt: null } },
    select: { id: true, removedAt: true, supersededAt: true },
  });
  if (!file) throw notFound('File not found');
  if (file.removedAt || file.supersededAt) throw new AppError('conflict', 'Only the newest version of a current file can be replaced');
}

/**
 * Streams the one incoming file to storage, then, in one transaction, marks
 * `fileId` superseded and records the new version in its place. The claim on
 * the old row (superseded only if still current) makes two replacements of the
 * same version race to one winner; the loser's object is deleted. A version no
 * order can reach (nobody bought the product) is deleted outright, row and object.
 */
export async function addFileVersion(actor: string, productId: string, fileId: string, files: AsyncIterable<IncomingFile>): Promise<FileVersionRecord> {
  let storageKey: string | null = null;
  try {
    let incoming: { originalFilename: string; contentType: string; sizeBytes: number } | null = null;
    for await (const file of files) {
      if (incoming) throw invalid('A new version is one file');
      const { head, body } = await peekChunks(file.chunks, 1);
      if (head.length === 0) throw invalid(`${file.name} is empty`);
      await currentFileOrThrow(productId, fileId);
      const extension = /\.([a-z0-9]{1,8})$/i.exec(file.name)?.[1]?.toLowerCase() ?? 'bin';
      // Keys are ours: never derived from the client's filename beyond its extension.
      storageKey = `files/${productId}/${randomUUID()}.${extension}`;
      const contentType = file.type || 'application/octet-stream';
      const sizeBytes = await putObjectStream('private', storageKey, body, contentType);
      incoming = { originalFilename: file.name.slice(0, 200) || `file.${extension}`, contentType, sizeBytes };
    }
    if (!incoming || !storageKey) throw invalid('Please select a file to upload', { file: ['Required'] });
    const newKey = storageKey;
    const stored = incoming;
    const { created, dropped } = await db().$transaction(async (tx) => {
      const now = new Date();
      const old = await tx.productFile.findFirst({ where: { id: fileId, productId } });
      const claimed = await tx.productFile.updateMany({ where: { id: fileId, productId, supersededAt: null, removedAt: null }, data: { supersededAt: now } });
      if (!old || claimed.count !== 1) throw new AppError('conflict', 'Only the newest version of a current file can be replaced');
      const row = await tx.productFile.create({
        data: {
          productId,
          storageKey: newKey,
          ...stored,
          position: old.position,
          lineageId: old.lineageId ?? old.id,
          version: old.version + 1,
          // A tier's extra file stays that tier's in every version (Decision 081).
          licenceTierId: old.licenceTierId,
          createdAt: now,
        },
      });
      const referenced = await isProductFileReferenced(tx, productId);
      if (!referenced) await tx.productFile.delete({ where: { id: old.id } });
      await tx.product.update({ where: { id: productId }, data: { updatedAt: now } });
      await recordAudit(tx, actor, 'product.files.version', productId, {
        file_id: row.id,
        replaces: old.id,
        version: row.version,
        file: row.originalFilename,
        previous_kept_for_orders: referenced,
      });
      return { created: row, dropped: referenced ? null : old.storageKey };
    });
    storageKey = null;
    // No order can reach a version deleted outright, so its object goes too.
    if (dropped) await deleteObject('private', dropped).catch(() => undefined);
    return { id: created.id, originalFilename: created.originalFilename, version: created.version, createdAt: created.createdAt };
  } catch (error) {
    if (storageKey) await deleteObject('private', storageKey).catch(() => undefined);
    throw error;
  }
}

export type FileHistory = {
  /** The current (newest) version of each of the product's files, in position order. */
  id: string;
  originalFilename: string;
  version: number;
  createdAt: Date;
  earlierVersions: FileVersionRecord[];
  /** Update emails queued for this version (at most one, Decision 68). */
  notices: { queuedAt: Date; recipients: number; sent: number; actor: string }[];
}[];

/** The Edit dialog's log: each current file with its kept earlier versions and the update emails sent about it. */
export async function getFileHistory(productId: string): Promise<FileHistory> {
  const product = await db().product.findFirst({ where: { id: productId, deletedAt: null }, select: { id: true } });
  if (!product) throw notFound('Product not found');
  const rows = await db().productFile.findMany({
    where: { productId, removedAt: null },
    orderBy: [{ position: 'asc' }, { createdAt: 'asc' }],
    select: {
      id: true,
      originalFilename: true,
      version: true,
      createdAt: true,
      lineageId: true,
      supersededAt: true,
      updateNotices: {
        orderBy: { queuedAt: 'desc' },
        select: { queuedAt: true, recipients: true, actor: true, _count: { select: { emails: { where: { sentAt: { not: null } } } } } },
      },
    },
  });
  const earlier = (lineage: string) =>
    rows
      .filter((r) => r.supersededAt !== null && (r.lineageId ?? r.id) === lineage)
      .sort((a, b) => b.version - a.version)
      .map(({ id, originalFilename, version, createdAt }) => ({ id, originalFilename, version, createdAt }));
  return rows
    .filter((r) => r.supersededAt === null)
    .map((r) => ({
      id: r.id,
      originalFilename: r.originalFilename,
      version: r.version,
      createdAt: r.createdAt,
      earlierVersions: earlier(r.lineageId ?? r.id),
      notices: r.updateNotices.map((n) => ({ queuedAt: n.queuedAt, recipients: n.recipients, sent: n._count.emails, actor: n.actor })),
    }));
}
