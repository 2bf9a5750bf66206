'use client';

import { useState } from 'react';
import { toast } from '@/components/ui/toast';
import { api } from '@/components/data/api';
import { Badge } from '@/components/ui/badge';
import { Button } from '@/components/ui/button';
import { TextField } from '@/components/ui/field';
import { TextButton } from '@/components/ui/text-button';
import { CheckIcon } from '@/components/ui/content-icons';
import { formatDollars } from '@/lib/format';
import { PLANS, type PlanInterval } from '@/lib/shop';

// docs/product.md §9: the yearly plan saves $121 on twelve monthly payments.
const YEARLY_SAVING_CENTS = PLANS.month.amountCents * 12 - PLANS.year.amountCents;

const BENEFITS = ['Every product and bundle free', 'Unlimited $0 checkouts', 'Instant downloads, re-download any time', 'Cancel any time'];

/** Promo code toggle and the two plans; subscribing goes to the payment page. */
export function PlanCards({ userId, onSessionLost }: { userId: string; onSessionLost: () => void }) {
  const [showPromo, setShowPromo] = useState(false);
  const [promo, setPromo] = useState('');
  const [busy, setBusy] = useState<PlanInterval | null>(null);

  async function subscribe(interval: PlanInterval) {
    setBusy(interval);
    const code = promo.trim();
    const result = await api.post<{ url: string }>('/api/membership/subscribe', {
      user_id: userId,
      plan_interval: interval,
      ...(code ? { test_code: code } : {}),
    });
    if (result.ok) {
      window.location.assign(result.body.url);
      return;
    }
    setBusy(null);
    if (result.error.status === 401) return onSessionLost();
    toast.error(result.error.detail ?? 'Failed to create subscription');
  }

  return (
    <>
      <div className="mt-8 text-center">
        <TextButton aria-expanded={showPromo} aria-controls="promo-field" onClick={() => setShowPromo((s) => !s)} className="link text-sm">
          {showPromo ? 'Hide promo code' : 'Have a promo code?'}
        </TextButton>
        {showPromo && (
          <div id="promo-field" className="mx-auto mt-3 max-w-xs text-left">
            <TextField
              id="promo-code"
              label="Promo code"
              value={promo}
              // Upper-cased as typed (docs/product.md §5); only the characters a code can hold.
              onChange={(e) => setPromo(e.target.value.toUpperCase().replace(/[^A-Z0-9-]/g, ''))}
              maxLength={40}
              autoComplete="off"
              className="tracking-wider uppercase"
            />
          </div>
        )}
      </div>
      <div className="mt-8 grid gap-6 md:grid-cols-2">
        <PlanCard
          name="Monthly"
          price={formatDollars(PLANS.month.amountCents)}
          per="per month"
          busy={busy === 'month'}
          disabled={busy !== null}
          onSubscribe={() => void subscribe('month')}
        />
        <PlanCard
          name="Yearly"
          price={formatDollars(PLANS.year.amountCents)}
          per="per year"
          badge="Best Value"
          note={`Pay yearly and save ${formatDollars(YEARLY_SAVING_CENTS)}`}
          busy={busy === 'year'}
          disabled={busy !== null}
          onSubscribe={() => void subscribe('year')}
        />
      </div>
    </>
  );
}

type CardProps = { name: string; price: string; per: string; badge?: string; note?: string; busy: boolean; disabled: boolean; onSubscribe: () => void };

function PlanCard({ name, price, per, badge, note, busy, disabled, onSubscribe }: CardProps) {
  return (
    <section
      aria-label={`${name} plan`}
      className={`relative flex flex-col rounded-2xl bg-white p-8 shadow-sm ${badge ? 'ring-2 ring-brand-700' : ''}`}
      data-testid={`plan-${name.toLowerCase()}`}
    >
      {badge && (
        <Badge tone="sale" className="absolute -top-3 left-1/2 -translate-x-1/2 px-3 py-1 uppercase">
          {badge}
        </Badge>
      )}
      <h2 className="text-xl font-bold">{name}</h2>
      <p className="mt-4">
        <span className="text-5xl font-extrabold tracking-tight">{price}</span> <span className="text-gray-700">{per}</span>
      </p>
      {note && <p className="mt-2 font-semibold text-success-800">{note}</p>}
      <ul className="mt-6 flex-1 space-y-2 text-gray-800">
        {BENEFITS.map((b) => (
          <li key={b} className="flex items-start gap-2">
            <CheckIcon className="mt-1 h-4 w-4 text-success-700" />
            {b}
          </li>
        ))}
      </ul>
      <Button size="lg" onClick={onSubscribe} disabled={disabled} className="mt-8 rounded-xl text-lg">
        {busy ? 'Processing...' : `Subscribe ${name}`}
      </Button>
    </section>
  );
}
