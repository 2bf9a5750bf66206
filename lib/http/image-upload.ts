import 'server-only';
import { invalid } from '@/lib/domain/errors';
import { MAX_FIELD_BYTES, MAX_IMAGE_BYTES, readMultipart } from '@/lib/domain/uploads';
import { MAX_GALLERY_IMAGES } from '@/lib/shop';
import { MULTIPART_OVERHEAD_BYTES, streamedBody } from './body-limit';

const MAX_PARTS = 4;

/** One image and nothing much else: a longer declared body is refused before it is read. */
export const IMAGE_BODY = streamedBody(MAX_IMAGE_BYTES + MAX_PARTS * MAX_FIELD_BYTES + MULTIPART_OVERHEAD_BYTES);

/** The bytes of the multipart file part `field`, read with the upload limits (413 past the image size). */
export async function readImagePart(request: Request, field = 'image'): Promise<Buffer> {
  let image: Buffer | null = null;
  for await (const part of readMultipart(request, { maxFileBytes: MAX_IMAGE_BYTES, maxFieldBytes: MAX_FIELD_BYTES, maxParts: MAX_PARTS })) {
    if (part.kind === 'file' && part.name === field) image = part.data;
  }
  if (!image || image.length === 0) throw invalid('An image file is required', { [field]: ['An image file is required'] });
  return image;
}

/** A gallery upload: up to MAX_GALLERY_IMAGES images and nothing much else. */
export const GALLERY_BODY = streamedBody(MAX_GALLERY_IMAGES * MAX_IMAGE_BYTES + (MAX_GALLERY_IMAGES + MAX_PARTS) * MAX_FIELD_BYTES + MULTIPART_OVERHEAD_BYTES);

/**
 * The bytes of each multipart file part `field`, one at a time as they arrive
 * (413 past the image size): the caller checks and stores each before the next is read.
 */
export async function* readImageParts(request: Request, field = 'images'): AsyncGenerator<Buffer> {
  const limits = { maxFileBytes: MAX_IMAGE_BYTES, maxFieldBytes: MAX_FIELD_BYTES, maxParts: MAX_GALLERY_IMAGES + MAX_PARTS };
  for await (const part of readMultipart(request, limits)) {
    if (part.kind === 'file' && part.name === field) yield part.data;
  }
}

/**
 * readImageParts with its first image already read, so a body that is too
 * large, not multipart or not text is refused (413, 400) before the route looks
 * anything up, as every other upload route does; the rest still stream one at a time.
 */
export async function imagePartsStarted(request: Request, field = 'images'): Promise<AsyncIterable<Buffer>> {
  const parts = readImageParts(request, field);
  const first = await parts.next();
  return (async function* () {
    if (first.done) return;
    yield first.value;
    yield* parts;
  })();
}
