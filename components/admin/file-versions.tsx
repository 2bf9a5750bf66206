'use client';

import { useState, type ChangeEvent } from 'react';
import { toast } from '@/components/ui/toast';
import { api, toastFailure } from './session';
import { Button } from '@/components/ui/button';
import { FileButton } from '@/components/ui/file-button';
import { formatDate } from '@/lib/format';
import type { FileHistoryEntryResponse, FileVersionResponse, UpdateEmailsResponse } from '@/lib/contract/file-versions';

type Props = { productId: string; fileId: string; name: string; entry: FileHistoryEntryResponse | undefined; onChanged: () => Promise<void> };

/**
 * One file's versions (Decision 68): replace it with a new version (buyers get
 * the newest, keep the earlier ones), then email its buyers once about it.
 * The earlier versions and the emails sent are the product's log of updates.
 */
export function FileVersions({ productId, fileId, name, entry, onChanged }: Props) {
  const [busy, setBusy] = useState<'replace' | 'notify' | null>(null);
  const base = `/api/products/${productId}/files/${fileId}`;

  async function replace(event: ChangeEvent<HTMLInputElement>) {
    const file = event.target.files?.[0];
    event.target.value = '';
    if (!file) return;
    const form = new FormData();
    form.append('file', file);
    setBusy('replace');
    const result = await api.multipart<FileVersionResponse>(`${base}/versions`, form);
    setBusy(null);
    if (!result.ok) return toastFailure(result.error, 'Failed to upload new version');
    toast.success(`${name} replaced by version ${result.body.version}`);
    await onChanged();
  }

  async function notify() {
    setBusy('notify');
    const result = await api.post<UpdateEmailsResponse>(`${base}/notify`);
    setBusy(null);
    if (!result.ok) return toastFailure(result.error, 'Failed to send email');
    toast.success(`Emailing ${result.body.queued} buyer(s) about this update`);
    await onChanged();
  }

  const notices = entry?.update_emails ?? [];
  return (
    <div className="mt-2 flex flex-col gap-2 text-xs text-gray-700" data-testid="file-versions">
      <div className="flex flex-wrap items-center gap-2">
        {entry && entry.version > 1 && (
          <span>
            Version {entry.version}, uploaded {formatDate(entry.created_at)}
          </span>
        )}
        <FileButton label={`Replace ${name}`} disabled={busy !== null} onChange={(e) => void replace(e)}>
          {busy === 'replace' ? 'Uploading...' : 'Replace with new version'}
        </FileButton>
        {entry && entry.version > 1 && notices.length === 0 && (
          <Button variant="secondary" size="sm" disabled={busy !== null} onClick={() => void notify()}>
            {busy === 'notify' ? 'Queuing...' : 'Email buyers about this update'}
          </Button>
        )}
      </div>
      {notices.map((n) => (
        <p key={n.queued_at} data-testid="update-email-log">
          Buyers emailed {formatDate(n.queued_at)} by {n.sent_by}: {n.sent} of {n.recipients} sent
        </p>
      ))}
      {entry && entry.earlier_versions.length > 0 && (
        <p>
          Earlier versions (kept for their buyers):{' '}
          {entry.earlier_versions.map((v) => `version ${v.version}, ${v.filename}, ${formatDate(v.created_at)}`).join('; ')}
        </p>
      )}
    </div>
  );
}
