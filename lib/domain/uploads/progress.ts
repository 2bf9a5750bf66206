// Upload progress (docs/product.md §3), computed from the file rows on every poll, so any
// server instance answers and nothing is lost in a restart.
import 'server-only';
import { notFound } from '@/lib/domain/errors';
import { db } from '@/lib/infra/db';

export type UploadStage = 'processing' | 'complete' | 'failed' | 'partial';

export type UploadProgress = {
  batchId: string;
  stage: UploadStage;
  /** Files finished so far, done or failed. */
  currentFile: number;
  totalFiles: number;
  currentFilename: string;
  message: string;
  successfulFiles: number;
  failedFiles: { filename: string; error: string }[];
};

type FileRow = { originalFilename: string; status: string; error: string | null; position: number };

/** `receiving`: the upload request is still streaming files in, so the batch cannot be finished yet. */
export function computeProgress(batchId: string, files: FileRow[], receiving = false): UploadProgress {
  const sorted = [...files].sort((a, b) => a.position - b.position);
  const done = sorted.filter((f) => f.status === 'done').length;
  const failed = sorted.filter((f) => f.status === 'failed');
  const finished = done + failed.length;
  const total = sorted.length;
  // A staged file still on its way to storage counts as not yet processed, like a queued one.
  const awaiting = sorted.filter((f) => f.status === 'awaiting').length;
  const active = sorted.find((f) => f.status === 'processing') ?? sorted.find((f) => f.status === 'pending') ?? sorted.find((f) => f.status === 'awaiting');
  const stage: UploadStage = active || receiving ? 'processing' : failed.length === 0 ? 'complete' : done === 0 ? 'failed' : 'partial';
  const message = receiving
    ? awaiting > 0
      ? `Receiving files: ${total - awaiting} of ${total}, ${finished} processed`
      : `Receiving files: ${total} so far, ${finished} processed`
    : stage === 'processing'
      ? `Processing ${Math.min(finished + 1, total)} of ${total}`
      : stage === 'complete'
        ? `All ${total} file(s) uploaded`
        : stage === 'failed'
          ? `All ${total} file(s) failed`
          : `${done} of ${total} file(s) uploaded, ${failed.length} failed`;
  return {
    batchId,
    stage,
    currentFile: finished,
    totalFiles: total,
    currentFilename: active?.originalFilename ?? sorted.at(-1)?.originalFilename ?? '',
    message,
    successfulFiles: done,
    failedFiles: failed.map((f) => ({ filename: f.originalFilename, error: f.error ?? 'Processing failed' })),
  };
}

export async function getUploadProgress(batchId: string): Promise<UploadProgress> {
  const batch = await db().uploadBatch.findUnique({
    where: { id: batchId },
    select: { id: true, receiving: true, files: { select: { originalFilename: true, status: true, error: true, position: true } } },
  });
  if (!batch) throw notFound('Upload batch not found');
  return computeProgress(batch.id, batch.files, batch.receiving);
}
