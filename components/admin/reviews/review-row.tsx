'use client';

import { useId, useState } from 'react';
import { toast } from '@/components/ui/toast';
import { Badge, type BadgeTone } from '@/components/ui/badge';
import { Button } from '@/components/ui/button';
import { TextareaField } from '@/components/ui/form-controls';
import { Stars } from '@/components/ui/stars';
import type { AdminReviewResponse } from '@/lib/contract/reviews';
import { formatDate } from '@/lib/format';
import { REVIEW_REASON_MAX, REVIEW_REPLY_MAX } from '@/lib/shop';
import { api, toastFailure } from '../session';

const STATUS: Record<AdminReviewResponse['status'], { label: string; tone: BadgeTone }> = {
  shown: { label: 'Shown', tone: 'success' },
  hidden: { label: 'Hidden', tone: 'warning' },
  refunded: { label: 'Hidden: refunded or disputed', tone: 'neutral' },
};

type Editing = { kind: 'hide' | 'unhide' | 'reply'; text: string } | null;

/** One review with its moderation: hide or unhide with a reason, and a public reply. */
export function ReviewRow({ review, onChanged }: { review: AdminReviewResponse; onChanged: () => Promise<void> }) {
  const [editing, setEditing] = useState<Editing>(null);
  const [busy, setBusy] = useState(false);
  const id = useId();
  const status = STATUS[review.status];

  async function save(change: Record<string, unknown>, done: string) {
    setBusy(true);
    const result = await api.put(`/api/admin/reviews/${encodeURIComponent(review.id)}`, change);
    setBusy(false);
    if (!result.ok) return toastFailure(result.error, 'Update failed');
    toast.success(done);
    setEditing(null);
    await onChanged();
  }

  function submit() {
    if (!editing) return;
    if (editing.kind === 'reply') return void save({ reply: editing.text.trim() || null }, editing.text.trim() ? 'Reply published' : 'Reply removed');
    if (editing.kind === 'hide' && !editing.text.trim()) return void toast.error('Give a reason for hiding the review');
    void save({ hidden: editing.kind === 'hide', reason: editing.text }, editing.kind === 'hide' ? 'Review hidden' : 'Review shown again');
  }

  return (
    <li className="py-4" data-testid="admin-review">
      <div className="flex flex-wrap items-center gap-2">
        <Stars rating={review.rating} />
        <span className="font-semibold">{review.title}</span>
        <Badge tone={status.tone}>{status.label}</Badge>
      </div>
      <p className="mt-1 text-sm text-gray-700">
        {review.product_title} - {review.customer_name} ({review.customer_email}) - {formatDate(review.created_at)}
        {review.verified === 'member' && ' - member download'}
      </p>
      {review.body && <p className="mt-2 whitespace-pre-line text-sm text-gray-900">{review.body}</p>}
      {review.hidden_reason && <p className="mt-1 text-sm text-warning-900">Hidden because: {review.hidden_reason}</p>}
      {review.reply && <p className="mt-2 rounded-lg bg-gray-100 p-2 text-sm">Your reply: {review.reply}</p>}
      {editing ? (
        <form
          className="mt-3 flex flex-col gap-2"
          onSubmit={(e) => {
            e.preventDefault();
            submit();
          }}
        >
          <TextareaField
            id={`${id}-text`}
            label={
              editing.kind === 'reply'
                ? 'Public reply (empty removes it)'
                : editing.kind === 'hide'
                  ? 'Reason for hiding'
                  : 'Reason for showing it again (optional)'
            }
            rows={editing.kind === 'reply' ? 3 : 1}
            maxLength={editing.kind === 'reply' ? REVIEW_REPLY_MAX : REVIEW_REASON_MAX}
            value={editing.text}
            onChange={(e) => setEditing({ ...editing, text: e.target.value })}
          />
          <div className="flex gap-2">
            <Button type="submit" disabled={busy}>
              {busy ? 'Saving...' : 'Save'}
            </Button>
            <Button variant="secondary" onClick={() => setEditing(null)} disabled={busy}>
              Cancel
            </Button>
          </div>
        </form>
      ) : (
        <div className="mt-2 flex flex-wrap gap-2">
          {review.status === 'hidden' ? (
            <Button variant="secondary" size="sm" onClick={() => setEditing({ kind: 'unhide', text: '' })}>
              Unhide
            </Button>
          ) : (
            <Button variant="secondary" size="sm" onClick={() => setEditing({ kind: 'hide', text: '' })}>
              Hide
            </Button>
          )}
          <Button variant="secondary" size="sm" onClick={() => setEditing({ kind: 'reply', text: review.reply ?? '' })}>
            {review.reply ? 'Edit reply' : 'Reply'}
          </Button>
        </div>
      )}
    </li>
  );
}
