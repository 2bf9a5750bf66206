// Upload limits, in one place so the admin UI text, the routes and the tests agree.
export const MAX_IMAGE_BYTES = 50 * 1024 * 1024;
export const MAX_PRODUCT_FILE_BYTES = 200 * 1024 * 1024;
export const MAX_FILES_PER_BATCH = 1000;
export const MAX_PRODUCT_FILES = 20;
/** A single text field of a multipart form (price, tags, description …). */
export const MAX_FIELD_BYTES = 64 * 1024;
export const UPLOAD_JOB = 'upload.file';
/**
 * How long one image may take before its job counts as lost (the worker died)
 * and runs again: a 50 MB image takes seconds, so this is only waited out after
 * a crash. A slow run that overshoots is safe, just wasted (see process.ts).
 */
export const UPLOAD_JOB_SECONDS = 60;
export const SWEEP_STAGING_JOB = 'upload.sweep-staging';
/** Daily at 03:00 UTC; objects over a day old go, so a failed file can be retried for one to two days. */
export const SWEEP_STAGING_CRON = '0 3 * * *';
/** After this many processing attempts a file that keeps hitting infrastructure errors is marked failed. */
export const MAX_FILE_ATTEMPTS = 5;
