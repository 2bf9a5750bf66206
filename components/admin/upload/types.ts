// The upload progress the API reports (docs/product.md §3), and the limits the forms share.
import type { UploadProgressResponse as UploadProgress, UploadStage } from '@/lib/contract/uploads';
import { MAX_IMAGE_BYTES, UPLOAD_IMAGE_TYPES, type UploadImageType } from '@/lib/upload-limits';

export type { UploadProgress, UploadStage };

export const POLL_INTERVAL_MS = 2_500;
export const POLL_GIVE_UP_MS = 30 * 60 * 1000;
export const INDIVIDUAL_TIMEOUT_MS = 5 * 60 * 1000;
export const IMAGE_ACCEPT = UPLOAD_IMAGE_TYPES.join(',');
export const MAX_IMAGE_MB = MAX_IMAGE_BYTES / (1024 * 1024);
export const NAME_SUFFIXES = ['', 'design', 'clipart', 'sublimation', 'printable', 'mockup', 'bundle', 'png', 'transparent'];

export const isFinished = (stage: UploadStage) => stage === 'complete' || stage === 'failed' || stage === 'partial';

// Some systems report no type for newer formats: the extension names it then.
const TYPE_BY_EXTENSION: Record<string, UploadImageType> = {
  jpg: 'image/jpeg',
  jpeg: 'image/jpeg',
  png: 'image/png',
  webp: 'image/webp',
  gif: 'image/gif',
  tif: 'image/tiff',
  tiff: 'image/tiff',
  avif: 'image/avif',
};

/** The image type a direct upload declares for `file`, or null when it is no image the shop takes (SVG included). */
export function declaredImageType(file: File): UploadImageType | null {
  if (file.type) return (UPLOAD_IMAGE_TYPES as readonly string[]).includes(file.type) ? (file.type as UploadImageType) : null;
  return TYPE_BY_EXTENSION[/\.([a-z0-9]+)$/i.exec(file.name)?.[1]?.toLowerCase() ?? ''] ?? null;
}

export const uploadableImage = (file: File) => file.size > 0 && file.size <= MAX_IMAGE_BYTES;
