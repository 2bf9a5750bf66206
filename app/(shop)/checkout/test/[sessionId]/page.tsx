import type { Metadata } from 'next';
import Link from 'next/link';
import { notFound } from 'next/navigation';
import { sessionIdSchema } from '@/lib/contract/checkout';
import { getTestCheckout } from '@/lib/domain/orders/test-payments';
import { formatAud } from '@/lib/format';
import { TestPaymentActions } from './test-payment-actions';

export const metadata: Metadata = { title: 'Test payment', robots: { index: false, follow: false } };
export const dynamic = 'force-dynamic';

type Props = { params: Promise<{ sessionId: string }> };

/** Test payment mode's stand-in for the payment provider's hosted page. */
export default async function TestPaymentPage({ params }: Props) {
  const parsed = sessionIdSchema.safeParse((await params).sessionId);
  if (!parsed.success) notFound();
  const checkout = await getTestCheckout(parsed.data).catch(() => null);
  if (!checkout) notFound();
  const { order, items } = checkout;
  // A lapsed session would only fail on submit: say so up front.
  const lapsed = order.expiresAt !== null && order.expiresAt.getTime() <= Date.now();
  const open = order.status === 'open' && !order.fulfilledAt && !lapsed;
  return (
    <div className="mx-auto max-w-xl px-4 py-12">
      <p className="rounded-lg border-2 border-dashed border-amber-500 bg-amber-50 p-3 text-center text-sm font-bold uppercase tracking-wide text-amber-900" role="note">
        Test payment: no real money moves
      </p>
      <h1 className="mt-6 text-3xl font-extrabold tracking-tight">Test payment</h1>
      <p className="mt-2 text-gray-700">This shop runs without a payment provider. Complete or cancel this payment to continue.</p>
      <ul className="mt-6 divide-y divide-gray-200 rounded-2xl bg-white shadow-sm" aria-label="Items">
        {items.map((item) => (
          <li key={item.productId} className="flex justify-between gap-4 p-4">
            <span>{item.title}</span>
            <span className="font-medium">{formatAud(item.priceCents)}</span>
          </li>
        ))}
        {order.discountCents > 0 && (
          <li className="flex justify-between gap-4 p-4 text-emerald-800">
            <span>Discount</span>
            <span>−{formatAud(order.discountCents)}</span>
          </li>
        )}
        <li className="flex justify-between gap-4 p-4 text-lg font-bold">
          <span>Total</span>
          <span data-testid="test-payment-total">{formatAud(order.amountCents)}</span>
        </li>
      </ul>
      {open ? (
        <TestPaymentActions sessionId={order.sessionId} needsEmail={!order.customerEmail} />
      ) : (
        <div className="mt-6 rounded-xl bg-gray-100 p-4 text-center font-medium">
          <p>{order.fulfilledAt ? 'This session is already paid.' : 'This session has expired.'}</p>
          <Link href={order.fulfilledAt ? `/success?session_id=${order.sessionId}` : '/cart'} className="mt-3 inline-block font-semibold text-rose-800 underline">
            {order.fulfilledAt ? 'View your downloads' : 'Back to Cart'}
          </Link>
        </div>
      )}
    </div>
  );
}
