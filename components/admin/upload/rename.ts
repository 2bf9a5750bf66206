'use client';

import { toast } from '@/components/ui/toast';
import { api } from '../session';

/**
 * Descriptive names from the server's image analysis, one file at a time. A
 * failed analysis keeps the original filename and is reported as a warning
 * (docs/product.md §8), so naming can never block an upload.
 */
export async function renameFromAnalysis(files: File[], suffix: string, onStep: (done: number) => void): Promise<File[]> {
  const renamed: File[] = [];
  for (const file of files) {
    const body = new FormData();
    body.append('file', file);
    body.append('suffix', suffix);
    const result = await api.multipart<{ generated_filename: string }>('/api/admin/analyze-image', body);
    if (result.ok) {
      renamed.push(new File([file], result.body.generated_filename, { type: file.type }));
    } else {
      toast.warning(`Could not analyse ${file.name}; keeping its name`, result.error.detail ? { description: result.error.detail } : undefined);
      renamed.push(file);
    }
    onStep(renamed.length);
  }
  return renamed;
}
