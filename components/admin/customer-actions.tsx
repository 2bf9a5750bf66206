'use client';

import { useState } from 'react';
import { toast } from '@/components/ui/toast';
import { Button } from '@/components/ui/button';
import { useConfirm } from '@/components/ui/confirm';
import { SelectField } from '@/components/ui/form-controls';
import type { AdminCustomerDetailResponse as Customer } from '@/lib/contract/customers';
import { formatDate } from '@/lib/format';
import { api, toastFailure } from './session';

// The actions on one customer. Each asks the server and then reloads the
// record; the destructive ones (cancel now, block, anonymise, refund) are confirmed first.

type Props = { customer: Customer; onChanged: () => void };
type Ask = { title: string; message: string; confirmLabel: string };

function useCustomerAction(customer: Customer, onChanged: () => void) {
  const confirm = useConfirm();
  const [busy, setBusy] = useState(false);
  return {
    busy,
    async run(path: string, body: unknown, failure: string, ask?: Ask) {
      if (ask && !(await confirm(ask))) return;
      setBusy(true);
      const result = await api.post<{ message: string }>(`/api/admin/customers/${customer.id}/${path}`, body);
      setBusy(false);
      if (!result.ok) return toastFailure(result.error, failure);
      toast.success(result.body.message);
      onChanged();
    },
  };
}

export function AccountActions({ customer, onChanged }: Props) {
  const { busy, run } = useCustomerAction(customer, onChanged);
  if (customer.anonymised_at) return <p className="text-sm text-gray-700">Anonymised on {formatDate(customer.anonymised_at)}: no actions.</p>;
  const who = `${customer.name} (${customer.email})`;
  return (
    <div className="flex flex-wrap gap-2">
      {!customer.email_verified && (
        <Button variant="secondary" disabled={busy} onClick={() => run('resend-verification', {}, 'Could not send the link')}>
          Resend verification link
        </Button>
      )}
      {customer.blocked_at ? (
        <Button variant="secondary" disabled={busy} onClick={() => run('unblock', {}, 'Could not unblock')}>
          Unblock sign-in
        </Button>
      ) : (
        <Button
          variant="danger"
          disabled={busy}
          onClick={() =>
            run('block', {}, 'Could not block', {
              title: 'Block sign-in',
              message: `Block sign-in for ${who}? Every session of theirs ends now.`,
              confirmLabel: 'Block',
            })
          }
        >
          Block sign-in
        </Button>
      )}
      <Button
        variant="danger"
        disabled={busy}
        onClick={() =>
          run('anonymise', {}, 'Could not anonymise', {
            title: 'Anonymise customer',
            message: `Anonymise ${who}? Their name and email are replaced and they can never sign in again. Orders, invoices and licences are kept. This cannot be undone.`,
            confirmLabel: 'Anonymise',
          })
        }
      >
        Anonymise
      </Button>
    </div>
  );
}

export function MembershipActions({ customer, onChanged }: Props) {
  const { busy, run } = useCustomerAction(customer, onChanged);
  const [months, setMonths] = useState('1');
  if (customer.anonymised_at) return null;
  const m = customer.membership;
  if (!m?.is_member) {
    return (
      <form
        className="flex flex-wrap items-end gap-2"
        onSubmit={(e) => {
          e.preventDefault();
          void run('complimentary-membership', { months: Number(months) }, 'Could not grant the membership');
        }}
      >
        <div className="w-40">
          <SelectField id="complimentary-months" label="Months" value={months} onChange={(e) => setMonths(e.target.value)}>
            {[1, 2, 3, 6, 12, 24, 36].map((n) => (
              <option key={n} value={n}>
                {n}
              </option>
            ))}
          </SelectField>
        </div>
        <Button type="submit" variant="primary" disabled={busy}>
          Grant complimentary membership
        </Button>
      </form>
    );
  }
  const where = m.through_stripe ? ' The Stripe subscription is cancelled too.' : '';
  return (
    <div className="flex flex-wrap gap-2">
      {!m.cancel_at_period_end && (
        <Button variant="secondary" disabled={busy} onClick={() => run('cancel-membership', { when: 'period_end' }, 'Could not cancel')}>
          Cancel at period end
        </Button>
      )}
      <Button
        variant="danger"
        disabled={busy}
        onClick={() =>
          run('cancel-membership', { when: 'now' }, 'Could not cancel', {
            title: 'End membership now',
            message: `End ${customer.name}'s membership now? Member access stops at once.${where}`,
            confirmLabel: 'End now',
          })
        }
      >
        End membership now
      </Button>
    </div>
  );
}

/** Refund of one membership payment, through the shop's refund path; a key per click makes a retry safe. */
export function RefundPaymentButton({ customer, sessionId, onChanged }: Props & { sessionId: string }) {
  const { busy, run } = useCustomerAction(customer, onChanged);
  const [end, setEnd] = useState<'now' | 'period_end'>('now');
  return (
    <div className="flex flex-wrap items-end gap-2">
      <div className="w-44">
        <SelectField id={`refund-end-${sessionId}`} label="Membership" value={end} onChange={(e) => setEnd(e.target.value as 'now' | 'period_end')}>
          <option value="now">Ends now</option>
          <option value="period_end">Runs to period end</option>
        </SelectField>
      </div>
      <Button
        variant="danger"
        size="sm"
        disabled={busy}
        onClick={() =>
          run('refund-membership-payment', { session_id: sessionId, membership_end: end, idempotency_key: crypto.randomUUID() }, 'Refund failed', {
            title: 'Refund membership payment',
            message: `Refund this membership payment to ${customer.name}? ${end === 'now' ? 'The membership ends now.' : 'The membership runs to the end of its period and does not renew.'}`,
            confirmLabel: 'Refund',
          })
        }
      >
        Refund payment
      </Button>
    </div>
  );
}
