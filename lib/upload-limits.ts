// Upload limits the admin form, the API contract and the domain share. Browser-safe:
// the form checks a folder against them before it asks for a single upload URL.
export const MAX_IMAGE_BYTES = 50 * 1024 * 1024;
export const MAX_FILES_PER_BATCH = 1000;

/**
 * The image types a direct upload may declare (Decision 070). The type is signed into the
 * upload URL, so storage keeps exactly this; the worker still trusts only the bytes.
 */
export const UPLOAD_IMAGE_TYPES = ['image/jpeg', 'image/png', 'image/webp', 'image/gif', 'image/tiff', 'image/avif'] as const;
export type UploadImageType = (typeof UPLOAD_IMAGE_TYPES)[number];
