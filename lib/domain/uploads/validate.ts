// The checks every uploaded image passes before anything is stored publicly:
// size, magic bytes, no markup hidden in the header, a bounded pixel count, and
// a full decode (through the preview) so truncated or corrupt files fail here.
import 'server-only';
import { ImageInputError, inspectImage, makeWorkingCopy, previewFromWorkingCopy, thumbnailFromWorkingCopy, type ImageInfo } from '@/lib/infra/images';
import { MAX_IMAGE_BYTES } from './limits';
import { looksLikePolyglot, sniffImageFormat } from './sniff';

export type PreparedImage = ImageInfo & { preview: Buffer; thumbnail: Buffer };

/** Throws ImageInputError, whose message is safe to show the admin, when the bytes are not an image we accept. */
export async function checkImage(bytes: Buffer): Promise<ImageInfo> {
  if (bytes.length === 0) throw new ImageInputError('The file is empty');
  if (bytes.length > MAX_IMAGE_BYTES) throw new ImageInputError(`The file is larger than ${MAX_IMAGE_BYTES / (1024 * 1024)} MB`);
  const sniffed = sniffImageFormat(bytes);
  if (!sniffed) throw new ImageInputError('Not a supported image (JPEG, PNG, WebP, GIF, TIFF or AVIF); SVG is not accepted');
  if (looksLikePolyglot(bytes)) throw new ImageInputError('The image contains embedded markup and was refused');
  const info = await inspectImage(bytes);
  // A header of one format wrapping another is a disguise, not an image.
  if (info.format !== sniffed) throw new ImageInputError(`The file claims to be ${sniffed} but decodes as ${info.format}`);
  return info;
}

export async function prepareImage(bytes: Buffer): Promise<PreparedImage> {
  const info = await checkImage(bytes);
  // One decode for both renditions. One after the other, not in parallel: the
  // parallelism is across images (the job loop), and two libvips calls per job
  // would fill the libuv threadpool that file and DNS work also need.
  const copy = await makeWorkingCopy(bytes);
  const thumbnail = await thumbnailFromWorkingCopy(copy);
  const preview = await previewFromWorkingCopy(copy);
  return { ...info, preview, thumbnail };
}
