// A product's paid files from the back office: added by streaming them to
// private storage, removed only from new buyers while an order still needs them.
import 'server-only';
import { randomUUID } from 'node:crypto';
import { recordAudit } from '@/lib/domain/audit';
import { invalid, notFound } from '@/lib/domain/errors';
import { peekChunks } from '@/lib/streams';
import { db } from '@/lib/infra/db';
import { deleteObject, putObjectStream } from '@/lib/infra/storage';
import { isProductFileReferenced } from './file-versions';

/** A file of the request, its bytes still arriving: read `chunks` to its end before the next file. */
export type IncomingFile = { name: string; type: string; chunks: AsyncIterable<Uint8Array> };

type StoredFile = { storageKey: string; originalFilename: string; contentType: string; sizeBytes: number };

/**
 * Streams each file to storage as it arrives (one part in memory, never the
 * request), then records them all in one transaction. Any failure part-way
 * deletes every object this call stored, so no row and no stray object remain.
 */
export async function addProductFiles(actor: string, productId: string, files: AsyncIterable<IncomingFile>, options: { licenceTier?: string } = {}) {
  const stored: StoredFile[] = [];
  // Extra files of one licence tier (Decision 081): checked before any byte is stored.
  const tier = options.licenceTier ? await db().licenceTier.findUnique({ where: { key: options.licenceTier }, select: { id: true } }) : null;
  if (options.licenceTier && !tier) throw invalid(`Unknown licence tier: ${options.licenceTier}`, { licence_tier: ['Unknown licence tier'] });
  try {
    let productChecked = false;
    for await (const file of files) {
      const { head, body } = await peekChunks(file.chunks, 1);
      if (head.length === 0) throw invalid(`${file.name} is empty`);
      if (!productChecked) {
        const product = await db().product.findFirst({ where: { id: productId, deletedAt: null }, select: { id: true } });
        if (!product) throw notFound('Product not found');
        productChecked = true;
      }
      const extension = /\.([a-z0-9]{1,8})$/i.exec(file.name)?.[1]?.toLowerCase() ?? 'bin';
      // Keys are ours: never derived from the client's filename beyond its extension.
      const storageKey = `files/${productId}/${randomUUID()}.${extension}`;
      const contentType = file.type || 'application/octet-stream';
      const sizeBytes = await putObjectStream('private', storageKey, body, contentType);
      stored.push({ storageKey, originalFilename: file.name.slice(0, 200) || `file.${extension}`, contentType, sizeBytes });
    }
    if (stored.length === 0) throw invalid('Please select files to upload');
    await db().$transaction(async (tx) => {
      const last = await tx.productFile.aggregate({ where: { productId }, _max: { position: true } });
      let position = (last._max.position ?? -1) + 1;
      await tx.productFile.createMany({ data: stored.map((f) => ({ ...f, productId, position: position++, licenceTierId: tier?.id ?? null })) });
      await tx.product.update({ where: { id: productId }, data: { updatedAt: new Date() } });
      await recordAudit(
        tx,
        actor,
        'product.files.add',
        productId,
        options.licenceTier ? { files: stored.map((f) => f.originalFilename), licence_tier: options.licenceTier } : stored.map((f) => f.originalFilename),
      );
    });
    return stored.length;
  } catch (error) {
    await Promise.all(stored.map((f) => deleteObject('private', f.storageKey).catch(() => undefined)));
    throw error;
  }
}

/**
 * Takes a file away from new buyers. `filePath` must be one of this product's
 * current files (SECURITY S7). When any open or paid order of the product, or
 * of a bundle that holds or held it, exists, the file stays stored and
 * downloadable for the orders placed before now (earlier buyers also get files
 * added after their purchase, so the order's date is not what decides);
 * otherwise it is deleted for good.
 */
export async function removeProductFile(actor: string, productId: string, filePath: string) {
  const removed = await db().$transaction(async (tx) => {
    // Only a current file (the newest version of its slot) can be removed; the mark on it removes the slot.
    const file = await tx.productFile.findFirst({ where: { productId, storageKey: filePath, removedAt: null, supersededAt: null } });
    if (!file) throw notFound('File not found');
    const referenced = await isProductFileReferenced(tx, productId);
    await recordAudit(tx, actor, 'product.files.remove', productId, { file: file.originalFilename, kept_for_orders: referenced });
    if (referenced) {
      await tx.productFile.update({ where: { id: file.id }, data: { removedAt: new Date() } });
      return [];
    }
    // Every version of the slot goes: none can be reached any more (Decision 68).
    const lineage = file.lineageId ?? file.id;
    const versions = await tx.productFile.findMany({ where: { productId, OR: [{ id: lineage }, { lineageId: lineage }] }, select: { storageKey: true } });
    await tx.productFile.deleteMany({ where: { productId, OR: [{ id: lineage }, { lineageId: lineage }] } });
    return versions.map((v) => v.storageKey);
  });
  // No order can reach a file deleted outright, so its object goes too.
  await Promise.all(removed.map((key) => deleteObject('private', key).catch(() => undefined)));
}
