'use client';

import type { NewsletterPreviewResponse } from '@/lib/contract/newsletters';
import { Dialog } from '@/components/ui/dialog';

/**
 * The email as customers receive it. The HTML is already sanitised on the
 * server; it is still shown in a sandboxed frame with no scripts, so nothing in
 * it can reach the back office's page or session.
 */
export function NewsletterPreview({ preview, onClose }: { preview: NewsletterPreviewResponse | null; onClose: () => void }) {
  return (
    <Dialog open={preview !== null} onClose={onClose} title={preview ? `Preview: ${preview.subject}` : 'Preview'}>
      {preview && (
        <div className="flex flex-col gap-4">
          <iframe title="Newsletter preview" sandbox="" srcDoc={preview.html} className="h-96 w-full rounded-lg border border-gray-200 bg-white" />
          <details>
            <summary className="cursor-pointer text-sm font-semibold">Plain-text version</summary>
            <pre className="mt-2 whitespace-pre-wrap text-sm text-gray-800">{preview.text}</pre>
          </details>
          <p className="text-xs text-gray-600">Each email adds the business&apos;s details and an unsubscribe link at the bottom.</p>
        </div>
      )}
    </Dialog>
  );
}
