// One product from a mockup image and its files, created within the request
// (docs/product.md §7 individual-upload). Files are stored as they arrive; if anything
// fails, what was stored is removed again so no orphan objects remain.
import 'server-only';
import { randomUUID } from 'node:crypto';
import { recordAudit } from '@/lib/domain/audit';
import { AppError, invalid } from '@/lib/domain/errors';
import { dollarsToCents } from '@/lib/format';
import { db } from '@/lib/infra/db';
import { ImageInputError } from '@/lib/infra/images';
import { deleteObject, putObject, sanitizeFilename } from '@/lib/infra/storage';
import { addToVocabulary, parseTags, resolveCategory } from './category';
import { individualFieldsSchema } from './contract';
import { mediaPath, newId, previewKey, thumbnailKey } from './ids';
import { MAX_FIELD_BYTES, MAX_IMAGE_BYTES, MAX_PRODUCT_FILE_BYTES, MAX_PRODUCT_FILES } from './limits';
import type { FormPart } from './multipart';
import { prepareImage } from './validate';

type Stored = { bucket: 'private' | 'public'; key: string };

function extensionOf(name: string): string {
  return /\.([a-z0-9]{1,8})$/i.exec(name)?.[1]?.toLowerCase() ?? 'bin';
}

export const INDIVIDUAL_LIMITS = {
  maxFileBytes: MAX_PRODUCT_FILE_BYTES,
  // The mockup is an image: refused at the image limit, not after 200 MB have arrived.
  maxFileBytesByField: { mockup: MAX_IMAGE_BYTES },
  maxFieldBytes: MAX_FIELD_BYTES,
  maxParts: MAX_PRODUCT_FILES + 20,
};

export async function createIndividualProduct(actor: string, parts: AsyncIterable<FormPart>): Promise<{ id: string; title: string }> {
  const productId = newId();
  const stored: Stored[] = [];
  try {
    const fields: Record<string, string> = {};
    const files: { storageKey: string; originalFilename: string; contentType: string; sizeBytes: number; position: number }[] = [];
    let mockup = false;
    for await (const part of parts) {
      if (part.kind === 'field') {
        fields[part.name] = part.value;
      } else if (part.name === 'mockup') {
        if (mockup) throw invalid('Send one mockup image');
        if (part.data.length === 0) continue;
        const image = await prepareImage(part.data).catch((error: unknown) => {
          if (error instanceof ImageInputError) throw new AppError('unsupported_media_type', `Mockup ${part.filename}: ${error.message}`);
          throw error;
        });
        await putObject('public', previewKey(productId), image.preview, 'image/webp');
        stored.push({ bucket: 'public', key: previewKey(productId) });
        await putObject('public', thumbnailKey(productId), image.thumbnail, 'image/webp');
        stored.push({ bucket: 'public', key: thumbnailKey(productId) });
        mockup = true;
      } else if (part.name === 'files') {
        if (part.data.length === 0) continue;
        if (files.length >= MAX_PRODUCT_FILES) throw new AppError('payload_too_large', `At most ${MAX_PRODUCT_FILES} files per product`);
        // Keys are ours: never derived from the client's filename beyond its extension.
        const storageKey = `files/${productId}/${randomUUID()}.${extensionOf(part.filename)}`;
        const contentType = /^[\w.+-]+\/[\w.+-]+$/.test(part.contentType) ? part.contentType : 'application/octet-stream';
        await putObject('private', storageKey, part.data, contentType);
        stored.push({ bucket: 'private', key: storageKey });
        files.push({ storageKey, originalFilename: sanitizeFilename(part.filename), contentType, sizeBytes: part.data.length, position: files.length });
      }
    }
    const input = individualFieldsSchema.parse(fields);
    if (!mockup) throw invalid('A mockup image is required', { mockup: ['A mockup image is required'] });
    if (files.length === 0) throw invalid('At least one product file is required', { files: ['At least one product file is required'] });
    return await db().$transaction(async (tx) => {
      const { categoryId, subcategory } = await resolveCategory(tx, input.category, input.subcategory ?? null);
      const product = await tx.product.create({
        data: {
          id: productId,
          title: input.title,
          description: input.description,
          priceCents: dollarsToCents(input.price),
          categoryId,
          subcategory,
          tags: parseTags(input.tags),
          imagePath: mediaPath(previewKey(productId)),
          thumbnailPath: mediaPath(thumbnailKey(productId)),
          files: { create: files },
        },
      });
      await addToVocabulary(tx, product.tags);
      await recordAudit(tx, actor, 'product.create', product.id, { title: product.title, files: files.length });
      return { id: product.id, title: product.title };
    });
  } catch (error) {
    await Promise.all(stored.map((s) => deleteObject(s.bucket, s.key).catch(() => {})));
    throw error;
  }
}
