'use client';

import dynamic from 'next/dynamic';
import Link from 'next/link';
import { useStoredUser } from '@/components/account/use-user';

// Fetched once a customer is signed in: most visitors are guests, and the
// product page's first-load JavaScript has no room for what they never use
// (its dialog, card and requests; Decision 078).
const SignedInComposer = dynamic(() => import('./signed-in-composer').then((m) => m.SignedInComposer), { ssr: false });

/** A guest is asked to log in; a signed-in customer gets the composer (their review, or "Write a review"). */
export function ReviewComposer({ productId }: { productId: string }) {
  const user = useStoredUser();
  if (!user) {
    return (
      <p className="mt-6 text-sm text-gray-700">
        Bought this?{' '}
        <Link href={`/login?next=${encodeURIComponent(`/product/${productId}#reviews`)}`} className="link">
          Log in
        </Link>{' '}
        to write a review.
      </p>
    );
  }
  return <SignedInComposer productId={productId} />;
}
