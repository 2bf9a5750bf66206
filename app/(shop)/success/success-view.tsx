'use client';

import Link from 'next/link';
import { useEffect, useState } from 'react';
import { readCart, writeCart } from '@/components/cart/use-cart';
import { api } from '@/components/data/api';
import { buttonClass } from '@/components/ui/button';
import { LoadingPanel, PageIcon } from '@/components/ui/card';
import { CheckCircleIcon } from '@/components/ui/content-icons';
import { RecommendationStrip } from '@/components/catalog/recommendation-strip';
import { BundleCreditNote } from '@/components/orders/bundle-credit-note';
import { DownloadAllLink, DownloadButtons, InvoiceLink, type DownloadItem } from '@/components/orders/download-buttons';

// docs/product.md §4: recheck every 2 s up to 5 times, then 'timeout'; a failing request
// is retried up to 5 times, then 'error'.
const RECHECK_MS = 2000;
const MAX_RETRIES = 5;

/** A paid line and the licence it issued (Decision 082). */
type PaidItem = DownloadItem & { bundle_credit?: number; licence?: { id: string; name: string; certificate_url: string } | null };
type CheckoutStatus = { payment_status: string; status: string; product_ids: string[]; items: PaidItem[] };
type State = { kind: 'checking' } | { kind: 'success'; items: PaidItem[] } | { kind: 'expired' } | { kind: 'timeout' } | { kind: 'error' };

export function SuccessView({ sessionId }: { sessionId: string }) {
  // No session id in the address is an error from the start; there is nothing to ask about.
  const [state, setState] = useState<State>(sessionId ? { kind: 'checking' } : { kind: 'error' });

  useEffect(() => {
    if (!sessionId) return;
    let cancelled = false;
    let timer: ReturnType<typeof setTimeout>;
    let rechecks = 0;
    let failures = 0;

    async function check() {
      try {
        const body = await api.request<CheckoutStatus>(`/api/checkout/status/${encodeURIComponent(sessionId)}`);
        if (cancelled) return;
        if (body.payment_status === 'paid') {
          removePurchased(body.product_ids);
          setState({ kind: 'success', items: body.items });
          return;
        }
        if (body.status === 'expired') return setState({ kind: 'expired' });
        if (++rechecks > MAX_RETRIES) return setState({ kind: 'timeout' });
      } catch {
        if (cancelled) return;
        if (++failures > MAX_RETRIES) return setState({ kind: 'error' });
      }
      timer = setTimeout(check, RECHECK_MS);
    }

    void check();
    return () => {
      cancelled = true;
      clearTimeout(timer);
    };
  }, [sessionId]);

  switch (state.kind) {
    case 'checking':
      return <LoadingPanel label="Checking your payment..." heading />;
    case 'success':
      return (
        <div>
          <div className="text-center">
            <PageIcon tone="success">
              <CheckCircleIcon className="h-8 w-8" />
            </PageIcon>
            <h1 className="mt-4 text-3xl font-extrabold tracking-tight">Payment Successful!</h1>
            <p className="mt-2 text-gray-700">Thank you for your purchase. Your files are ready to download, and a confirmation email is on its way.</p>
          </div>
          <ul className="mt-8 flex flex-col gap-4" aria-label="Purchased items">
            {state.items.map((item) => (
              <li key={item.product_id} className="rounded-2xl bg-white p-5 shadow-sm">
                <div data-testid="purchased-item">
                  <h2 className="font-semibold">{item.title}</h2>
                  <BundleCreditNote credit={item.bundle_credit ?? 0} />
                  <DownloadButtons sessionId={sessionId} item={item} />
                </div>
                {item.licence && (
                  <p className="mt-1 text-sm text-gray-700" data-testid="purchased-licence">
                    {item.licence.name} licence <span className="font-mono">{item.licence.id}</span> ·{' '}
                    <a href={item.licence.certificate_url} target="_blank" rel="noopener noreferrer" className="text-accent-800 underline">
                      Licence certificate
                    </a>
                  </p>
                )}
              </li>
            ))}
          </ul>
          <div className="mt-4 flex flex-wrap justify-center gap-3">
            <DownloadAllLink sessionId={sessionId} fileCount={state.items.reduce((n, item) => n + item.files.length, 0)} />
            <InvoiceLink sessionId={sessionId} />
          </div>
          <RecommendationStrip
            title="Complete the set"
            id="complete-the-set"
            productIds={state.items.map((item) => item.product_id)}
            exclude={state.items.map((item) => item.product_id)}
          />
          <div className="mt-8 flex flex-wrap justify-center gap-3">
            <Link href="/products" className={buttonClass({ size: 'lg' })}>
              Continue Shopping
            </Link>
            <Link href="/my-orders" className={buttonClass({ variant: 'secondary', size: 'lg' })}>
              My Orders
            </Link>
          </div>
        </div>
      );
    case 'expired':
      return (
        <Outcome title="Session Expired" text="Your checkout session expired before payment. Your cart is still here.">
          <Link href="/cart" className={buttonClass({ size: 'lg' })}>
            Back to Cart
          </Link>
        </Outcome>
      );
    case 'timeout':
      return (
        <Outcome title="Checking Timeout" text="We are still processing your payment. Please check your email for confirmation shortly.">
          <Link href="/" className={buttonClass({ size: 'lg' })}>
            Go Home
          </Link>
        </Outcome>
      );
    case 'error':
      return (
        <Outcome title="Error" text="Something went wrong. Please contact support.">
          <Link href="/" className={buttonClass({ size: 'lg' })}>
            Go Home
          </Link>
        </Outcome>
      );
  }
}

// The order email links back here long after checkout: only what this order
// bought leaves the cart, so a cart filled since then survives the visit.
function removePurchased(productIds: string[]) {
  const bought = new Set(productIds);
  const cart = readCart();
  const left = cart.filter((item) => !bought.has(item.product_id));
  if (left.length !== cart.length) writeCart(left);
}

function Outcome({ title, text, children }: { title: string; text: string; children: React.ReactNode }) {
  return (
    <div className="py-16 text-center">
      <h1 className="text-3xl font-extrabold tracking-tight">{title}</h1>
      <p className="mt-3 text-gray-700">{text}</p>
      <div className="mt-8">{children}</div>
    </div>
  );
}
