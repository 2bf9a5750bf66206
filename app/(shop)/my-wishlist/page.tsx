import type { Metadata } from 'next';
import { MyWishlistView } from './my-wishlist-view';

export const metadata: Metadata = { title: 'My Wishlist', robots: { index: false, follow: false } };

export default function MyWishlistPage() {
  return (
    <div className="mx-auto max-w-5xl px-4 py-10">
      <MyWishlistView />
    </div>
  );
}
