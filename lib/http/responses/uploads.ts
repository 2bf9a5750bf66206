import 'server-only';
import type { UploadProgressResponse } from '@/lib/contract/uploads';
import type { UploadProgress } from '@/lib/domain/uploads';

export const toUploadProgressResponse = (p: UploadProgress): UploadProgressResponse => ({
  batch_id: p.batchId,
  stage: p.stage,
  current_file: p.currentFile,
  total_files: p.totalFiles,
  current_filename: p.currentFilename,
  message: p.message,
  successful_files: p.successfulFiles,
  failed_files: p.failedFiles,
});
