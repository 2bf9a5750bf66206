'use client';

import { useId, useState } from 'react';
import { toast } from 'sonner';
import { Stars } from '@/components/catalog/stars';
import type { AdminReviewResponse } from '@/lib/contract/reviews';
import { formatDate } from '@/lib/format';
import { REVIEW_REASON_MAX, REVIEW_REPLY_MAX } from '@/lib/shop';
import { api, toastFailure } from '../session';
import { button, input } from '../styles';

const STATUS: Record<AdminReviewResponse['status'], { label: string; tone: string }> = {
  shown: { label: 'Shown', tone: 'bg-emerald-100 text-emerald-900' },
  hidden: { label: 'Hidden', tone: 'bg-amber-100 text-amber-900' },
  refunded: { label: 'Hidden: refunded or disputed', tone: 'bg-gray-200 text-gray-800' },
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
        <Stars value={review.rating} />
        <span className="font-semibold">{review.title}</span>
        <span className={`rounded-full px-2 py-0.5 text-xs font-semibold ${status.tone}`}>{status.label}</span>
      </div>
      <p className="mt-1 text-sm text-gray-700">
        {review.product_title} - {review.customer_name} ({review.customer_email}) - {formatDate(review.created_at)}
        {review.verified === 'member' && ' - member download'}
      </p>
      {review.body && <p className="mt-2 whitespace-pre-line text-sm text-gray-900">{review.body}</p>}
      {review.hidden_reason && <p className="mt-1 text-sm text-amber-900">Hidden because: {review.hidden_reason}</p>}
      {review.reply && <p className="mt-2 rounded-lg bg-gray-100 p-2 text-sm">Your reply: {review.reply}</p>}
      {editing ? (
        <form
          className="mt-3 flex flex-col gap-2"
          onSubmit={(e) => {
            e.preventDefault();
            submit();
          }}
        >
          <label htmlFor={`${id}-text`} className="text-sm font-medium">
            {editing.kind === 'reply'
              ? 'Public reply (empty removes it)'
              : editing.kind === 'hide'
                ? 'Reason for hiding'
                : 'Reason for showing it again (optional)'}
          </label>
          <textarea
            id={`${id}-text`}
            className={input}
            rows={editing.kind === 'reply' ? 3 : 1}
            maxLength={editing.kind === 'reply' ? REVIEW_REPLY_MAX : REVIEW_REASON_MAX}
            value={editing.text}
            onChange={(e) => setEditing({ ...editing, text: e.target.value })}
          />
          <div className="flex gap-2">
            <button type="submit" className={button.primary} disabled={busy}>
              {busy ? 'Saving...' : 'Save'}
            </button>
            <button type="button" className={button.secondary} onClick={() => setEditing(null)} disabled={busy}>
              Cancel
            </button>
          </div>
        </form>
      ) : (
        <div className="mt-2 flex flex-wrap gap-2">
          {review.status === 'hidden' ? (
            <button type="button" className={button.small} onClick={() => setEditing({ kind: 'unhide', text: '' })}>
              Unhide
            </button>
          ) : (
            <button type="button" className={button.small} onClick={() => setEditing({ kind: 'hide', text: '' })}>
              Hide
            </button>
          )}
          <button type="button" className={button.small} onClick={() => setEditing({ kind: 'reply', text: review.reply ?? '' })}>
            {review.reply ? 'Edit reply' : 'Reply'}
          </button>
        </div>
      )}
    </li>
  );
}
