// Bulk and individual product upload. A batch is UploadFile rows plus one
// durable job per file; progress is read from those rows. Every file becomes
// at most one product (the product id is the upload file's id), however often
// its job runs.
export { retryFailedFiles, type StagedFile } from './batch';
export { batchIdParams, type BulkFields } from './contract';
export { readMultipart, streamMultipart, type FormPart, type StreamedPart } from './multipart';
export { checkImage, prepareImage } from './validate';
export { mediaPath, newId } from './ids';
export { dropReplacedMedia, refuseImage } from './media';
export { addToVocabulary, parseTags, resolveCategory } from './category';
export { getUploadProgress, computeProgress, type UploadProgress, type UploadStage } from './progress';
export { processUploadFile } from './process';
export { createIndividualProduct, INDIVIDUAL_LIMITS } from './individual';
export { generateImageFilename, ALLOWED_SUFFIXES } from './analyze';
export { stageBulkUpload, BULK_LIMITS } from './staging';
export { openStagedBatch, renewStagedUploads, type DeclaredFile, type StagedUpload } from './staged';
export { completeStagedBatch, receiveStagedFiles, NEVER_ARRIVED } from './received';
export {
  MAX_FIELD_BYTES,
  MAX_IMAGE_BYTES,
  MAX_PRODUCT_FILE_BYTES,
  MAX_PRODUCT_FILES,
  SWEEP_STAGING_CRON,
  SWEEP_STAGING_JOB,
  UPLOAD_URL_SECONDS,
  UPLOAD_JOB,
  UPLOAD_JOB_SECONDS,
} from './limits';
export { runStagingSweep, sweepStaging, type SweepResult } from './sweep';
export { titleFromFilename } from './title';
