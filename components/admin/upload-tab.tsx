'use client';

import { useEffect, useState } from 'react';
import { toast } from '@/components/ui/toast';
import { api, toastFailure } from './session';
import { Button } from '@/components/ui/button';
import type { CategoryResponse as Category, TagResponse as Tag } from '@/lib/contract/catalog';
import { BulkForm } from './upload/bulk-form';
import { IndividualForm } from './upload/individual-form';
import { ProgressPanel } from './upload/progress-panel';
import { isFinished } from './upload/types';
import { useUploadProgress } from './upload/use-upload-progress';
import { adminPaths, useAdminData } from './use-admin-data';

type Mode = 'bulk' | 'individual';

const NO_CATEGORIES: Category[] = [];
const NO_TAGS: Tag[] = [];

// The Upload tab (docs/product.md §2, §4): bulk batches are processed on the server and
// polled here; an individual upload is one request that creates one product.
export function UploadTab({ onOpenProducts }: { onOpenProducts: () => void }) {
  const [mode, setMode] = useState<Mode>('bulk');
  const { data: categories = NO_CATEGORIES } = useAdminData<Category[]>(adminPaths.categories, { log: 'categories' });
  const [batchId, setBatchId] = useState<string | null>(null);
  const [retrying, setRetrying] = useState(false);
  const { data: tags = NO_TAGS, mutate: reloadTags } = useAdminData<Tag[]>(adminPaths.tags, { log: 'tags' });
  const { progress, polling, watch, reset } = useUploadProgress();
  // A batch's products join their tags to the vocabulary as they are made: reread it once the batch is done.
  const finished = progress !== null && isFinished(progress.stage);
  useEffect(() => {
    if (finished) void reloadTags();
  }, [finished, reloadTags]);

  function started(id: string) {
    reset();
    setBatchId(id);
    watch(id, 'upload');
  }

  async function retry() {
    if (!batchId) return;
    setRetrying(true);
    const result = await api.post<{ success: boolean; batch_id: string; message: string }>(`/api/admin/retry-failed/${encodeURIComponent(batchId)}`);
    setRetrying(false);
    if (!result.ok) return toastFailure(result.error, 'Retry failed');
    toast.success(result.body.message);
    watch(batchId, 'retry');
  }

  return (
    <div className="flex flex-col gap-4">
      <div role="radiogroup" aria-label="Upload mode" className="flex gap-2">
        {(['bulk', 'individual'] as const).map((m) => (
          <Button key={m} role="radio" aria-checked={mode === m} variant={mode === m ? 'primary' : 'secondary'} onClick={() => setMode(m)}>
            {m === 'bulk' ? 'Bulk Upload' : 'Individual Upload'}
          </Button>
        ))}
      </div>
      {mode === 'bulk' ? (
        <>
          <BulkForm categories={categories} tags={tags} busy={polling} onStarted={started} />
          {progress && <ProgressPanel progress={progress} retrying={retrying || polling} onRetry={() => void retry()} />}
          {progress && progress.stage !== 'processing' && progress.successful_files > 0 && (
            <div>
              <Button variant="secondary" onClick={onOpenProducts}>
                View in All Products
              </Button>
            </div>
          )}
        </>
      ) : (
        <IndividualForm categories={categories} tags={tags} onUploaded={() => void reloadTags()} />
      )}
    </div>
  );
}
