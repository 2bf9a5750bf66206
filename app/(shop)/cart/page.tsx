import type { Metadata } from 'next';
import { siteUrl } from '@/lib/media';
import { CartView } from './cart-view';

// Indexable on purpose (issue #7 §2): the page holds no personal data (the
// cart lives in the browser), and a noindex would cost the SEO audit.
export const metadata: Metadata = {
  title: 'Shopping Cart',
  description: 'Your cart of digital designs: review items, apply a discount code and check out securely.',
  alternates: { canonical: siteUrl('/cart') },
};

export default function CartPage() {
  return (
    <div className="mx-auto max-w-6xl px-4 py-10">
      <CartView />
    </div>
  );
}
