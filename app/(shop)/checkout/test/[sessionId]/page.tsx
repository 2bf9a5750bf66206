import type { Metadata } from 'next';
import Link from 'next/link';
import { notFound } from 'next/navigation';
import { sessionIdSchema } from '@/lib/contract/checkout';
import { AppError } from '@/lib/domain/errors';
import { getTestCheckout } from '@/lib/domain/orders';
import { formatAud } from '@/lib/format';
import { TestPaymentActions } from './test-payment-actions';
import { pageInput } from '@/lib/http/page-input';

export const metadata: Metadata = { title: 'Test payment', robots: { index: false, follow: false } };
export const dynamic = 'force-dynamic';

type Props = { params: Promise<{ sessionId: string }> };
type TestCheckout = Awaited<ReturnType<typeof getTestCheckout>>;
type Order = TestCheckout['order'];

/** Test payment mode's stand-in for the payment provider's hosted page. */
export default async function TestPaymentPage({ params }: Props) {
  const parsed = sessionIdSchema.safeParse((await pageInput(params)).sessionId);
  if (!parsed.success) notFound();
  // Only a missing session is a 404; anything else (the database down) is the error page.
  const checkout = await getTestCheckout(parsed.data).catch((error: unknown) => {
    if (error instanceof AppError && error.code === 'not_found') return null;
    throw error;
  });
  if (!checkout) notFound();
  const { order } = checkout;
  // A lapsed session would only fail on submit: say so up front. A server
  // component renders once per request, so reading the clock here is stable.
  // eslint-disable-next-line react-hooks/purity -- rendered on the server per request, never re-rendered
  const lapsed = order.expiresAt !== null && order.expiresAt.getTime() <= Date.now();
  const open = order.status === 'open' && !order.fulfilledAt && !lapsed;
  return (
    <div className="mx-auto max-w-xl px-4 py-12">
      <p
        className="rounded-lg border-2 border-dashed border-warning-700 bg-warning-50 p-3 text-center text-sm font-bold tracking-wide text-warning-900 uppercase"
        role="note"
      >
        Test payment: no real money moves
      </p>
      <h1 className="mt-6 text-3xl font-extrabold tracking-tight">Test payment</h1>
      <p className="mt-2 text-gray-700">This shop runs without a payment provider. Complete or cancel this payment to continue.</p>
      <Lines checkout={checkout} />
      {open ? <TestPaymentActions sessionId={order.sessionId} needsEmail={!order.customerEmail} /> : <Closed order={order} />}
    </div>
  );
}

function Lines({ checkout: { order, items } }: { checkout: TestCheckout }) {
  return (
    <ul className="mt-6 divide-y divide-gray-200 rounded-2xl bg-white shadow-sm" aria-label="Items">
      {items.map((item) => (
        <Line key={item.productId} label={item.title} amount={formatAud(item.priceCents)} />
      ))}
      {/* A membership order has no item rows: the plan is the line. */}
      {order.kind === 'subscription' && (
        <Line label={`${order.planInterval === 'year' ? 'Yearly' : 'Monthly'} membership`} amount={formatAud(order.subtotalCents)} />
      )}
      {order.discountCents > 0 && <Line label="Discount" amount={`−${formatAud(order.discountCents)}`} tone="text-success-800" />}
      <li className="flex justify-between gap-4 p-4 text-lg font-bold">
        <span>Total</span>
        <span data-testid="test-payment-total">{formatAud(order.amountCents)}</span>
      </li>
    </ul>
  );
}

function Line({ label, amount, tone = '' }: { label: string; amount: string; tone?: string }) {
  return (
    <li className={`flex justify-between gap-4 p-4 ${tone}`}>
      <span>{label}</span>
      <span className="font-medium">{amount}</span>
    </li>
  );
}

/** Paid or lapsed: no actions, only the way on (membership orders return to the membership pages). */
function Closed({ order }: { order: Order }) {
  const membership = order.kind === 'subscription';
  const link = order.fulfilledAt
    ? {
        href: `/${membership ? 'membership-success' : 'success'}?session_id=${order.sessionId}`,
        label: membership ? 'View your membership' : 'View your downloads',
      }
    : { href: membership ? '/membership' : '/cart', label: membership ? 'Back to Membership' : 'Back to Cart' };
  return (
    <div className="mt-6 rounded-xl bg-gray-100 p-4 text-center font-medium">
      <p>{order.fulfilledAt ? 'This session is already paid.' : 'This session has expired.'}</p>
      <Link href={link.href} className="link mt-3 inline-block underline">
        {link.label}
      </Link>
    </div>
  );
}
