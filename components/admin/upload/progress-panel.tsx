'use client';

import { Button } from '@/components/ui/button';
import { Card, Notice } from '@/components/ui/card';
import type { UploadProgress } from './types';

const BANNER = {
  complete: { tone: 'success', title: 'Upload complete' },
  partial: { tone: 'warning', title: 'Upload finished with errors' },
  failed: { tone: 'danger', title: 'Upload failed' },
} as const;

export function ProgressPanel({ progress, retrying, onRetry }: { progress: UploadProgress; retrying: boolean; onRetry: () => void }) {
  const { stage, current_file, total_files } = progress;
  const percent = total_files === 0 ? 0 : Math.round((current_file / total_files) * 100);
  const banner = stage === 'processing' ? null : BANNER[stage];
  return (
    <Card as="section" className="flex flex-col gap-3" aria-label="Upload progress" data-testid="upload-progress">
      <div className="flex items-baseline justify-between gap-3 text-sm">
        <span className="font-semibold">
          {current_file} of {total_files} file(s) processed
        </span>
        <span className="text-gray-700">{percent}%</span>
      </div>
      <div
        role="progressbar"
        aria-valuemin={0}
        aria-valuemax={total_files}
        aria-valuenow={current_file}
        aria-label="Files processed"
        className="h-3 w-full overflow-hidden rounded-full bg-gray-200"
      >
        <div className="h-full rounded-full bg-brand-700 transition-[width] duration-500" style={{ width: `${percent}%` }} />
      </div>
      {stage === 'processing' && (
        <p className="text-sm text-gray-700" aria-live="polite">
          {progress.message}
          {progress.current_filename && <span className="block truncate text-xs text-gray-600">Current file: {progress.current_filename}</span>}
        </p>
      )}
      {banner && (
        <Notice tone={banner.tone} role={stage === 'complete' ? 'status' : 'alert'} className="p-3" data-testid={`upload-banner-${stage}`}>
          <p className="font-semibold">{banner.title}</p>
          <p>{progress.message}</p>
          {progress.failed_files.length > 0 && (
            <>
              <ul className="mt-2 list-inside list-disc space-y-0.5" aria-label="Failed files">
                {progress.failed_files.map((f) => (
                  <li key={f.filename}>
                    <span className="font-medium">{f.filename}</span>: {f.error}
                  </li>
                ))}
              </ul>
              <Button variant="secondary" className="mt-3" onClick={onRetry} disabled={retrying}>
                {retrying ? 'Retrying...' : 'Retry failed files'}
              </Button>
            </>
          )}
        </Notice>
      )}
    </Card>
  );
}
