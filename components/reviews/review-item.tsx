import { Stars } from '@/components/ui/stars';
import type { PublicReviewResponse } from '@/lib/contract/reviews';
import { formatDate } from '@/lib/format';

// One review, for the server-rendered product page and the "See all" list alike.
// Everything a customer or the owner wrote is a text node: React escapes it,
// and nothing here renders HTML (docs/security.md N3).

export const VERIFIED_LABEL: Record<PublicReviewResponse['verified'], string> = {
  purchase: 'Verified purchase',
  member: 'Verified purchase (member download)',
};

/** `shopName`: who replies, the shop's saved name (Settings → Shop). */
export function ReviewItem({ review, shopName }: { review: PublicReviewResponse; shopName: string }) {
  return (
    <li className="border-b border-gray-200 py-4 last:border-b-0" data-testid="review">
      <div className="flex flex-wrap items-center gap-2">
        <Stars rating={review.rating} className="h-5 w-5" />
        <h3 className="font-semibold text-gray-900">{review.title}</h3>
      </div>
      <p className="mt-1 flex flex-wrap gap-x-3 text-sm text-gray-700">
        <span>{review.author}</span>
        <time dateTime={review.created_at}>{formatDate(review.created_at)}</time>
        <span className="font-medium text-success-800">{VERIFIED_LABEL[review.verified]}</span>
      </p>
      {review.body && <p className="mt-2 whitespace-pre-line text-gray-800">{review.body}</p>}
      {review.reply && (
        <div className="mt-3 rounded-lg bg-gray-100 p-3 text-sm" data-testid="review-reply">
          <p className="font-semibold text-gray-900">Reply from {shopName}</p>
          <p className="mt-1 whitespace-pre-line text-gray-800">{review.reply.body}</p>
        </div>
      )}
    </li>
  );
}
