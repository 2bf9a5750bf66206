import 'server-only';
import type { StagedUploadTarget } from '@/lib/contract/staged-uploads';
import type { UploadProgressResponse } from '@/lib/contract/uploads';
import type { StagedUpload, UploadProgress } from '@/lib/domain/uploads';

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

export const toStagedUploadTarget = (u: StagedUpload): StagedUploadTarget => ({
  file_id: u.fileId,
  url: u.url,
  method: 'PUT',
  headers: u.headers,
  expires_at: u.expiresAt.toISOString(),
});
