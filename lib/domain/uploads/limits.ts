// Upload limits, in one place so the admin UI text, the routes and the tests agree
// (the ones the browser also needs live in lib/upload-limits.ts).
export { MAX_FILES_PER_BATCH, MAX_IMAGE_BYTES } from '@/lib/upload-limits';
export const MAX_PRODUCT_FILE_BYTES = 200 * 1024 * 1024;
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
/**
 * Hourly: staged objects over a day old go (a failed file can be retried for a day), and
 * direct uploads whose URLs expired an hour ago without the file arriving are closed
 * within the next hour rather than the next day, so their progress can finish.
 */
export const SWEEP_STAGING_CRON = '0 * * * *';
/**
 * Lifetime of a direct upload's presigned PUT (Decision 070). Long enough for a 50 MB
 * image on a slow line (about 1 Mbit/s) to start and finish; short, because whoever holds
 * the URL can write that key until then. A batch that takes longer asks for fresh URLs.
 */
export const UPLOAD_URL_SECONDS = 15 * 60;
/**
 * A file still awaiting this long after its last URL was issued will never arrive: S3
 * checks expiry when a PUT starts, so the margin covers a PUT that began just in time.
 */
export const ABANDONED_UPLOAD_SECONDS = UPLOAD_URL_SECONDS + 45 * 60;
/** After this many processing attempts a file that keeps hitting infrastructure errors is marked failed. */
export const MAX_FILE_ATTEMPTS = 5;
