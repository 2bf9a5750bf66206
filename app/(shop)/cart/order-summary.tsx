'use client';

import { useRouter } from 'next/navigation';
import { useEffect, useEffectEvent, useState } from 'react';
import { toast } from '@/components/ui/toast';
import { useMembershipCheck } from '@/components/account/use-membership-check';
import { useStoredUser } from '@/components/account/use-user';
import { api, type ApiResult } from '@/components/data/api';
import { Button } from '@/components/ui/button';
import { Notice } from '@/components/ui/card';
import { Input, TextField } from '@/components/ui/field';
import { ConsentBox } from '@/components/marketing/consent-box';
import { CrownIcon } from '@/components/ui/icons';
import { LockIcon } from '@/components/ui/content-icons';
import { cartSubtotal, type CartItem } from '@/lib/cart';
import { BUNDLE_CREDIT_LABEL, dollarsToCents, formatAud } from '@/lib/format';

/** `needsEmail`: a code counted per customer, applied by a guest, who gives an email before checkout (Decision 090). */
type Applied = { code: string; discountCents: number; totalCents: number; description: string; needsEmail: boolean };

type Validation = { valid: boolean; code: string; value: number; discount: number; description: string; message: string; needs_email?: true };
type CheckoutSession = { url: string; session_id: string; free_checkout?: boolean; is_member?: boolean };

// The shopper sees the server's own detail, or the spec's wording (docs/product.md §8)
// when there is none: a dropped network or a reply that is not JSON never
// shows the browser's own 'Failed to fetch'.
const messageOf = (result: ApiResult<unknown>, fallback: string) => (result.ok ? fallback : (result.error.detail ?? fallback));

/**
 * Discount code, member panel, totals and Proceed to Checkout (docs/product.md §2 Cart, §4).
 * `creditCents`: bundles' credit for items the customer owns (Decision 094); a code applies after it.
 */
export function OrderSummary({ items, creditCents }: { items: CartItem[]; creditCents: number }) {
  const router = useRouter();
  const user = useStoredUser();
  // The stored flag is what the server said at login; ask again, as the totals below follow it.
  useMembershipCheck();
  const member = user?.is_member === true;
  const [code, setCode] = useState('');
  const [applied, setApplied] = useState<Applied | null>(null);
  const [checking, setChecking] = useState(false);
  const [guestEmail, setGuestEmail] = useState('');
  const [consent, setConsent] = useState(false);
  const [processing, setProcessing] = useState(false);
  const subtotal = cartSubtotal(items);
  const subtotalCents = dollarsToCents(subtotal);

  async function apply(codeToApply: string) {
    const normalized = codeToApply.trim().toUpperCase();
    if (!normalized) {
      toast.error('Please enter a discount code');
      return;
    }
    setChecking(true);
    await check(normalized, false);
    setChecking(false);
  }

  async function check(normalized: string, quiet: boolean) {
    // The items let a code for some categories or products be priced on exactly those lines.
    const lines = items.map((i) => ({ product_id: i.product_id, licence: i.licence }));
    const answer = await api.post<Validation | null>(`/api/validate-discount?code=${encodeURIComponent(normalized)}&subtotal=${subtotal}`, { items: lines });
    const result = answer.ok ? answer.body : null;
    if (!result) {
      setApplied(null);
      toast.error(messageOf(answer, 'Failed to validate discount code'));
    } else if (result.valid) {
      setApplied({
        code: result.code,
        discountCents: dollarsToCents(result.discount),
        totalCents: dollarsToCents(result.value),
        description: result.description,
        needsEmail: result.needs_email === true,
      });
      if (!quiet) toast.success(`Discount code ${result.code} applied`);
    } else {
      setApplied(null);
      toast.error(result.message || 'Invalid discount code');
    }
  }

  // The discount depends on the subtotal: re-check it when the cart changes,
  // quietly and without the Apply button's busy state (the shopper did not ask).
  const recheckApplied = useEffectEvent(() => {
    if (applied && !member) void check(applied.code, true);
  });
  useEffect(() => recheckApplied(), [subtotalCents, creditCents]);

  // Coming back from the payment page may restore this page from the browser's
  // back-forward cache, frozen mid-checkout with the button still busy.
  useEffect(() => {
    const onPageShow = (event: PageTransitionEvent) => {
      if (event.persisted) setProcessing(false);
    };
    window.addEventListener('pageshow', onPageShow);
    return () => window.removeEventListener('pageshow', onPageShow);
  }, []);

  async function checkout() {
    if (items.length === 0) {
      toast.error('Cart is empty');
      return;
    }
    setProcessing(true);
    const query = new URLSearchParams();
    if (user) query.set('user_id', user.id);
    if (applied && !member) query.set('discount_code', applied.code);
    const askEmail = applied?.needsEmail && !user && !member;
    if (askEmail && !guestEmail.trim()) {
      toast.error('Enter your email address to use this discount code');
      setProcessing(false);
      return;
    }
    // A guest's ticked box is recorded with the order's email once it is paid (Decision 095).
    const guestConsent = !user && consent;
    const body = askEmail || guestConsent ? { items, email: askEmail ? guestEmail.trim() : undefined, marketing_consent: guestConsent } : items;
    const answer = await api.post<CheckoutSession | null>(`/api/checkout/session?${query}`, body);
    const session = answer.ok ? answer.body : null;
    if (!session) {
      toast.error(messageOf(answer, 'Failed to initiate checkout'));
      setProcessing(false);
      return;
    }
    // A member buying above the included licence tier still pays the difference: only a free
    // checkout skips the payment page.
    if (session.free_checkout) router.push(`/success?session_id=${encodeURIComponent(session.session_id)}`);
    else window.location.assign(session.url);
  }

  // A membership covers the items whatever they are credited; otherwise the credit comes off first.
  const credit = member ? 0 : creditCents;
  const discountCents = member ? subtotalCents : (applied?.discountCents ?? 0);
  const totalCents = Math.max(0, subtotalCents - credit - discountCents);
  return (
    <section aria-labelledby="order-summary" className="h-fit rounded-2xl bg-white p-6 shadow-sm">
      <h2 id="order-summary" className="text-lg font-bold">
        Order Summary
      </h2>
      {member ? (
        <Notice tone="warning" className="mt-4 text-base" data-testid="member-panel">
          <p className="flex items-center gap-2 font-semibold">
            <CrownIcon />
            Active Member
          </p>
          <p className="text-sm">Everything in your cart is included in your membership.</p>
        </Notice>
      ) : (
        <form
          className="mt-4 flex gap-2"
          onSubmit={(e) => {
            e.preventDefault();
            void apply(code);
          }}
        >
          <label htmlFor="discount-code" className="sr-only">
            Discount code
          </label>
          <Input
            id="discount-code"
            value={code}
            onChange={(e) => setCode(e.target.value.toUpperCase())}
            placeholder="Discount code"
            maxLength={40}
            autoComplete="off"
            className="min-w-0 flex-1 uppercase"
          />
          <Button type="submit" variant="secondary" disabled={checking} className="border-gray-900">
            {checking ? 'Checking...' : 'Apply'}
          </Button>
        </form>
      )}
      {!member && !user && applied?.needsEmail && (
        <div className="mt-3">
          <TextField
            id="discount-email"
            label="Your email (this code counts uses per customer)"
            type="email"
            autoComplete="email"
            maxLength={254}
            value={guestEmail}
            onChange={(e) => setGuestEmail(e.target.value)}
          />
        </div>
      )}
      <dl className="mt-4 space-y-2 text-gray-800">
        <div className="flex justify-between">
          <dt>Items ({items.length})</dt>
          <dd>{formatAud(subtotalCents)}</dd>
        </div>
        {credit > 0 && (
          <div className="flex justify-between text-success-800" data-testid="bundle-credit-total">
            <dt>{BUNDLE_CREDIT_LABEL}</dt>
            <dd>−{formatAud(credit)}</dd>
          </div>
        )}
        {member && (
          <div className="flex justify-between text-success-800">
            <dt>Member discount</dt>
            <dd>−{formatAud(subtotalCents)}</dd>
          </div>
        )}
        {!member && applied && (
          <div className="flex justify-between text-success-800" data-testid="discount-line">
            <dt>
              Discount ({applied.code})<span className="block text-xs text-gray-700">{applied.description}</span>
            </dt>
            <dd>−{formatAud(applied.discountCents)}</dd>
          </div>
        )}
        <div className="flex justify-between border-t border-gray-200 pt-2 text-lg font-bold text-gray-900">
          <dt>Total</dt>
          <dd data-testid="order-total">{formatAud(totalCents)}</dd>
        </div>
      </dl>
      {!user && <ConsentBox id="checkout-consent" className="mt-4" checked={consent} onChange={setConsent} />}
      <Button size="lg" onClick={checkout} disabled={processing} className="mt-6 w-full rounded-xl text-lg">
        {processing ? 'Processing...' : 'Proceed to Checkout'}
      </Button>
      <p className="mt-3 flex items-start justify-center gap-1 text-center text-xs text-gray-700">
        <LockIcon className="h-3.5 w-3.5" />
        Secure checkout: payments are processed by Stripe. We never see your card details.
      </p>
    </section>
  );
}
