'use client';

import { useId, useState, type FormEvent } from 'react';
import { toast } from '@/components/ui/toast';
import { api } from '@/components/data/api';
import { Button } from '@/components/ui/button';
import { Card } from '@/components/ui/card';
import { TextField } from '@/components/ui/field';
import { TextareaField } from '@/components/ui/form-controls';
import { StarRatingInput } from '@/components/ui/stars';
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
    <Card as="form" className="mt-6 flex flex-col gap-4" onSubmit={(e: FormEvent) => void submit(e)} aria-label="Your review">
      <StarRatingInput name={`${id}-rating`} legend="Your rating" value={rating || null} onChange={setRating} />
      <TextField id={`${id}-title`} label="Title" required maxLength={REVIEW_TITLE_MAX} value={title} onChange={(e) => setTitle(e.target.value)} />
      <TextareaField
        id={`${id}-body`}
        label="Your review (optional)"
        hint={`${body.length} / ${REVIEW_BODY_MAX}`}
        rows={5}
        maxLength={REVIEW_BODY_MAX}
        value={body}
        onChange={(e) => setBody(e.target.value)}
      />
      <div className="flex flex-wrap gap-3">
        <Button type="submit" disabled={busy}>
          {busy ? 'Saving...' : initial ? 'Save review' : 'Post review'}
        </Button>
        <Button variant="secondary" onClick={onCancel} disabled={busy}>
          Cancel
        </Button>
      </div>
    </Card>
  );
}
