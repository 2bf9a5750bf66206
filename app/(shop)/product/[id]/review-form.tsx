'use client';

import { useId, useState, type FormEvent } from 'react';
import { toast } from 'sonner';
import { FormField } from '@/components/account/form-field';
import { primaryButton, secondaryButton } from '@/components/account/styles';
import { api } from '@/components/data/api';
import type { OwnReviewResponse, ReviewInputBody } from '@/lib/contract/reviews';
import { REVIEW_BODY_MAX, REVIEW_TITLE_MAX } from '@/lib/shop';

type Props = { productId: string; initial: OwnReviewResponse['review']; onSaved: () => Promise<void>; onCancel: () => void };

/** Stars, a title and up to 2,000 characters: a new review (POST) or an edit of the customer's own (PUT). */
export function ReviewForm({ productId, initial, onSaved, onCancel }: Props) {
  const [rating, setRating] = useState(initial?.rating ?? 0);
  const [title, setTitle] = useState(initial?.title ?? '');
  const [body, setBody] = useState(initial?.body ?? '');
  const [busy, setBusy] = useState(false);
  const id = useId();

  async function submit(event: FormEvent) {
    event.preventDefault();
    if (rating < 1) return void toast.error('Choose from 1 to 5 stars');
    setBusy(true);
    const base = `/api/products/${encodeURIComponent(productId)}/reviews`;
    const input: ReviewInputBody = { rating, title, body };
    const result = initial ? await api.put(`${base}/${encodeURIComponent(initial.id)}`, input) : await api.post(base, input);
    setBusy(false);
    if (!result.ok) return void toast.error(result.error.detail ?? 'Failed to save your review');
    toast.success(initial ? 'Your review was updated' : 'Thank you! Your review is published');
    await onSaved();
  }

  return (
    <form className="mt-6 flex flex-col gap-4 rounded-xl border border-gray-200 bg-white p-4" onSubmit={(e) => void submit(e)} aria-label="Your review">
      <fieldset>
        <legend className="text-sm font-medium text-gray-800">Your rating</legend>
        <div className="mt-1 flex gap-1">
          {[1, 2, 3, 4, 5].map((star) => (
            <label
              key={star}
              className={`cursor-pointer rounded text-3xl leading-none has-[:focus-visible]:ring-2 has-[:focus-visible]:ring-rose-300 ${star <= rating ? 'text-amber-500' : 'text-gray-300'}`}
            >
              <input type="radio" name={`${id}-rating`} value={star} checked={rating === star} onChange={() => setRating(star)} className="sr-only" />
              <span aria-hidden="true" className="stars-one" />
              <span className="sr-only">
                {star} star{star === 1 ? '' : 's'}
              </span>
            </label>
          ))}
        </div>
      </fieldset>
      <FormField id={`${id}-title`} label="Title" required maxLength={REVIEW_TITLE_MAX} value={title} onChange={(e) => setTitle(e.target.value)} />
      <div className="flex flex-col gap-1">
        <label htmlFor={`${id}-body`} className="text-sm font-medium text-gray-800">
          Your review (optional)
        </label>
        <textarea
          id={`${id}-body`}
          rows={5}
          maxLength={REVIEW_BODY_MAX}
          value={body}
          onChange={(e) => setBody(e.target.value)}
          className="rounded-lg border border-gray-300 px-3 py-2 focus:border-rose-700 focus:outline-none focus:ring-2 focus:ring-rose-200"
        />
        <p className="text-right text-xs text-gray-600">
          {body.length} / {REVIEW_BODY_MAX}
        </p>
      </div>
      <div className="flex flex-wrap gap-3">
        <button type="submit" className={primaryButton} disabled={busy}>
          {busy ? 'Saving...' : initial ? 'Save review' : 'Post review'}
        </button>
        <button type="button" className={secondaryButton} onClick={onCancel} disabled={busy}>
          Cancel
        </button>
      </div>
    </form>
  );
}
