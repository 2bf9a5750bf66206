import 'server-only';
import { invalid } from '@/lib/domain/errors';
import { MAX_FIELD_BYTES, MAX_IMAGE_BYTES, readMultipart } from '@/lib/domain/uploads';
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
