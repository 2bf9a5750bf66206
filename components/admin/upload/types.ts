// The upload progress the API reports (SPEC §3), and the limits the forms share.
import type { UploadProgressResponse as UploadProgress, UploadStage } from '@/lib/contract/uploads';

export type { UploadProgress, UploadStage };

export const POLL_INTERVAL_MS = 2_500;
export const POLL_GIVE_UP_MS = 30 * 60 * 1000;
export const INDIVIDUAL_TIMEOUT_MS = 5 * 60 * 1000;
export const IMAGE_ACCEPT = 'image/jpeg,image/png,image/webp,image/gif,image/tiff,image/avif';
export const NAME_SUFFIXES = ['', 'design', 'clipart', 'sublimation', 'printable', 'mockup', 'bundle', 'png', 'transparent'];

export const isFinished = (stage: UploadStage) => stage === 'complete' || stage === 'failed' || stage === 'partial';
