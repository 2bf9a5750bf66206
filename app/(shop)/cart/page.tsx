import type { Metadata } from 'next';
import { CartView } from './cart-view';

export const metadata: Metadata = { title: 'Shopping Cart', robots: { index: false, follow: true } };

export default function CartPage() {
  return (
    <div className="mx-auto max-w-6xl px-4 py-10">
      <CartView />
    </div>
  );
}
