// The upload progress the API reports (SPEC §3), and the limits the forms share.
export type UploadStage = 'processing' | 'complete' | 'failed' | 'partial';

export type UploadProgress = {
  batch_id: string;
  stage: UploadStage;
  current_file: number;
  total_files: number;
  current_filename: string;
  message: string;
  successful_files: number;
  failed_files: { filename: string; error: string }[];
};

export const POLL_INTERVAL_MS = 2_500;
export const POLL_GIVE_UP_MS = 30 * 60 * 1000;
export const INDIVIDUAL_TIMEOUT_MS = 5 * 60 * 1000;
export const IMAGE_ACCEPT = 'image/jpeg,image/png,image/webp,image/gif,image/tiff,image/avif';
export const NAME_SUFFIXES = ['', 'design', 'clipart', 'sublimation', 'printable', 'mockup', 'bundle', 'png', 'transparent'];

export const isFinished = (stage: UploadStage) => stage === 'complete' || stage === 'failed' || stage === 'partial';
