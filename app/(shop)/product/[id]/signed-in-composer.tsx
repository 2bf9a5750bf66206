'use client';

import dynamic from 'next/dynamic';
import { useRouter } from 'next/navigation';
import { useEffect, useState } from 'react';
import { toast } from '@/components/ui/toast';
import { useStoredUser } from '@/components/account/use-user';
import { api } from '@/components/data/api';
import { Button } from '@/components/ui/button';
import { Card } from '@/components/ui/card';
import { ConfirmDialog } from '@/components/ui/dialog';
import { Stars } from '@/components/ui/stars';
import { TextButton } from '@/components/ui/text-button';
import type { OwnReviewResponse } from '@/lib/contract/reviews';

// The form loads only when a buyer opens it: shoppers who never write pay nothing for it.
const ReviewForm = dynamic(() => import('./review-form').then((m) => m.ReviewForm));

/**
 * "Write a review" for the signed-in buyer, their own review with Edit and
 * Delete, or a word on who can review: asked of /api/account/reviews/{id},
 * so the cached page is the same for everyone (Decision 086). Rendered only
 * once a customer is signed in (review-composer.tsx).
 */
export function SignedInComposer({ productId }: { productId: string }) {
  const user = useStoredUser();
  const router = useRouter();
  const [mine, setMine] = useState<OwnReviewResponse | null>(null);
  const [editing, setEditing] = useState(false);
  const [confirming, setConfirming] = useState(false);
  const path = `/api/account/reviews/${encodeURIComponent(productId)}`;

  // Bumped after a change: the effect asks again.
  const [version, setVersion] = useState(0);
  const refresh = () => setVersion((v) => v + 1);

  useEffect(() => {
    if (!user) return;
    let live = true;
    void api.get<OwnReviewResponse>(path).then((result) => live && setMine(result.ok ? result.body : null));
    return () => {
      live = false;
    };
  }, [user, path, version]);

  async function remove(reviewId: string) {
    const result = await api.del(`/api/products/${encodeURIComponent(productId)}/reviews/${encodeURIComponent(reviewId)}`);
    setConfirming(false);
    if (!result.ok) return void toast.error(result.error.detail ?? 'Failed to delete your review');
    toast.success('Your review was deleted');
    refresh();
    router.refresh();
  }

  if (!mine) return null;
  const done = async () => {
    setEditing(false);
    refresh();
    router.refresh();
  };
  if (editing) {
    return <ReviewForm productId={productId} initial={mine.review} onSaved={done} onCancel={() => setEditing(false)} />;
  }
  if (mine.review) {
    const review = mine.review;
    return (
      <Card className="mt-6" data-testid="own-review">
        <p className="text-sm font-semibold text-gray-900">Your review</p>
        <p className="mt-1 flex items-center gap-2">
          <Stars rating={review.rating} /> <span className="font-semibold">{review.title}</span>
        </p>
        {review.hidden && <p className="mt-1 text-sm text-warning-900">Your review is not shown on this page.</p>}
        <div className="mt-3 flex gap-4">
          <TextButton onClick={() => setEditing(true)}>Edit review</TextButton>
          <TextButton onClick={() => setConfirming(true)}>Delete review</TextButton>
        </div>
        <ConfirmDialog
          open={confirming}
          title="Delete your review?"
          message="Your stars and text are removed from this page."
          confirmLabel="Delete"
          cancelLabel="Keep it"
          onConfirm={() => void remove(review.id)}
          onClose={() => setConfirming(false)}
        />
      </Card>
    );
  }
  if (!mine.can_review) return <p className="mt-6 text-sm text-gray-700">Reviews are written by customers who bought this item.</p>;
  return (
    <Button size="lg" className="mt-6" onClick={() => setEditing(true)}>
      Write a review
    </Button>
  );
}
