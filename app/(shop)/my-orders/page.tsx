import type { Metadata } from 'next';
import { MyOrdersView } from './my-orders-view';

export const metadata: Metadata = { title: 'My Orders', robots: { index: false, follow: false } };

export default function MyOrdersPage() {
  return (
    <div className="mx-auto max-w-5xl px-4 py-10">
      <MyOrdersView />
    </div>
  );
}
