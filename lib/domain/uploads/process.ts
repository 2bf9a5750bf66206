// The background step for one uploaded image: validate, store the original
// privately, publish a watermarked preview and a thumbnail, create the product.
// Safe to run twice: the product id is the upload file's id, so a re-run after
// a crash, or two workers racing on a reclaimed job, can commit at most once.
import 'server-only';
import { recordAudit } from '@/lib/domain/audit';
import { db, Prisma } from '@/lib/infra/db';
import { ImageInputError } from '@/lib/infra/images';
import { copyObject, deleteObject, getObjectBytes, ObjectTooLargeError, putObject } from '@/lib/infra/storage';
import { addToVocabulary } from './category';
import { mediaPath, originalKey, previewKey, thumbnailKey } from './ids';
import { MAX_FILE_ATTEMPTS, MAX_IMAGE_BYTES } from './limits';
import { CONTENT_TYPE, EXTENSION } from './sniff';
import { titleFromFilename } from './title';
import { prepareImage } from './validate';

const GONE = 'The uploaded file is no longer available; upload it again';

/** The staged bytes, read once, for decoding only: the stored original is a server-side copy. */
async function readStaged(key: string): Promise<Buffer> {
  try {
    const bytes = await getObjectBytes('private', key, MAX_IMAGE_BYTES);
    if (!bytes) throw new ImageInputError(GONE);
    return bytes;
  } catch (error) {
    if (error instanceof ObjectTooLargeError) throw new ImageInputError(`The file is larger than ${MAX_IMAGE_BYTES / (1024 * 1024)} MB`);
    throw error;
  }
}

/** Decoded renditions and the original's size; the original's bytes go out of scope here, before the uploads and the commit. */
async function renderStaged(key: string) {
  const original = await readStaged(key);
  return { image: await prepareImage(original), sizeBytes: original.length };
}

const isUniqueViolation = (error: unknown) => error instanceof Prisma.PrismaClientKnownRequestError && error.code === 'P2002';

async function markFailed(fileId: string, message: string): Promise<void> {
  await db().uploadFile.updateMany({ where: { id: fileId, status: 'processing' }, data: { status: 'failed', error: message.slice(0, 500), lockedAt: null } });
}

export async function processUploadFile(fileId: string): Promise<void> {
  const claimed = await db().uploadFile.updateMany({
    where: { id: fileId, status: { in: ['pending', 'processing'] } },
    data: { status: 'processing', lockedAt: new Date(), attempts: { increment: 1 } },
  });
  if (claimed.count === 0) return;
  const file = await db().uploadFile.findUniqueOrThrow({ where: { id: fileId }, include: { batch: true } });
  try {
    const { image, sizeBytes } = await renderStaged(file.stagingKey);
    const productId = file.id;
    const fileKey = originalKey(productId, EXTENSION[image.format]);
    const contentType = CONTENT_TYPE[image.format];
    // A multipart file was staged under its sniffed type, which the full check has just confirmed: the copy
    // keeps it. A staged direct upload carries the type the browser declared, replaced only when the bytes disagree.
    const retype = file.expectedType !== null && file.expectedType !== contentType ? contentType : undefined;
    const [copied] = await Promise.all([
      copyObject({ kind: 'private', key: file.stagingKey }, { kind: 'private', key: fileKey }, retype),
      putObject('public', previewKey(productId), image.preview, 'image/webp'),
      putObject('public', thumbnailKey(productId), image.thumbnail, 'image/webp'),
    ]);
    // Swept away between our read and the copy (a retry more than a day late).
    if (!copied) throw new ImageInputError(GONE);
    const { batch } = file;
    await db().$transaction(async (tx) => {
      // The category may have been deleted while the batch waited; the product then has none, as after a category delete.
      const category = batch.categoryId ? await tx.category.findUnique({ where: { id: batch.categoryId }, select: { id: true } }) : null;
      await tx.product.create({
        data: {
          id: productId,
          title: titleFromFilename(file.originalFilename),
          priceCents: batch.priceCents,
          categoryId: category?.id ?? null,
          subcategory: category ? batch.subcategory : null,
          tags: batch.tags,
          imagePath: mediaPath(previewKey(productId)),
          thumbnailPath: mediaPath(thumbnailKey(productId)),
          files: {
            create: [{ storageKey: fileKey, originalFilename: file.originalFilename, contentType, sizeBytes }],
          },
        },
      });
      // As with every saved product, its tags join the Tags tab's vocabulary.
      await addToVocabulary(tx, batch.tags);
      await tx.uploadFile.update({ where: { id: fileId }, data: { productId, status: 'done', error: null, lockedAt: null } });
      await recordAudit(tx, batch.createdBy, 'product.upload', productId, { batch: batch.id, filename: file.originalFilename });
    });
    await deleteObject('private', file.stagingKey).catch(() => {});
  } catch (error) {
    // Another run already created this product: the file is done, not failed.
    if (isUniqueViolation(error)) {
      await db().uploadFile.updateMany({
        where: { id: fileId, status: 'processing' },
        data: { status: 'done', productId: fileId, error: null, lockedAt: null },
      });
      return;
    }
    if (error instanceof ImageInputError) return markFailed(fileId, error.message);
    if (file.attempts >= MAX_FILE_ATTEMPTS) return markFailed(fileId, 'Processing failed repeatedly; try again later');
    // Infrastructure trouble (storage, database): the job queue retries with backoff.
    throw error;
  }
}
