'use client';

import { useState, type FormEvent } from 'react';
import { toast } from '@/components/ui/toast';
import { api, toastFailure } from './session';
import { useConfirm } from '@/components/ui/confirm';
import { dollarsToCents, formatAud } from '@/lib/format';
import { Dialog } from '@/components/ui/dialog';
import { refundableProducts, shortOrderId } from './order-card';
import { Button } from '@/components/ui/button';
import { Checkbox } from '@/components/ui/form-controls';
import { Radio } from '@/components/ui/radio';
import type { AdminOrderResponse as AdminOrder, RefundOrderRequest, RefundOrderResponse } from '@/lib/contract/orders';

type Props = { order: AdminOrder | null; onClose: () => void; onRefunded: () => Promise<void> };
type MembershipEnd = NonNullable<RefundOrderRequest['membership_end']>;

/**
 * One key per refund the admin means (Decision 075): a second click, or a retry after a lost
 * answer, sends the same key and gets the same refund. getRandomValues, not randomUUID: the
 * latter needs a secure context, which a plain-http trial of the shop is not.
 */
const newIdempotencyKey = () => Array.from(crypto.getRandomValues(new Uint8Array(16)), (b) => b.toString(16).padStart(2, '0')).join('');

/** Refund chosen items of one order (all not yet refunded, ticked by default), or a membership payment, after a confirmation. */
export function RefundDialog(props: Props) {
  return (
    <Dialog open={props.order !== null} title="Refund Order" onClose={props.onClose} size="sm">
      {props.order && <RefundForm key={props.order.session_id} {...props} order={props.order} />}
    </Dialog>
  );
}

function RefundForm({ order, onClose, onRefunded }: Props & { order: AdminOrder }) {
  const membership = order.kind === 'subscription';
  const refundable = refundableProducts(order);
  const [chosen, setChosen] = useState<string[]>(refundable.map((p) => p.id));
  const [membershipEnd, setMembershipEnd] = useState<MembershipEnd>('now');
  const [idempotencyKey, setIdempotencyKey] = useState(newIdempotencyKey);
  const [busy, setBusy] = useState(false);
  const confirm = useConfirm();

  async function submit(event: FormEvent) {
    event.preventDefault();
    if (!membership && chosen.length === 0) return;
    const whole = chosen.length === refundable.length;
    const what = membership ? 'This membership payment' : `${chosen.length} item${chosen.length === 1 ? '' : 's'} of order …${shortOrderId(order.session_id)}`;
    const after = membership
      ? membershipEnd === 'now'
        ? 'the membership ends at once'
        : 'the membership lasts to the end of its paid period and does not renew'
      : 'their downloads end at once';
    const ok = await confirm({
      title: membership ? 'Refund this membership payment?' : 'Refund these items?',
      message: `${what} will be refunded${order.kind === 'payment' || membership ? ' to the card' : ''}; ${after} and the customer is emailed.`,
      confirmLabel: 'Refund',
    });
    if (!ok) return;
    setBusy(true);
    const body: RefundOrderRequest = {
      session_id: order.session_id,
      idempotency_key: idempotencyKey,
      ...(membership ? { membership_end: membershipEnd } : whole ? {} : { product_ids: chosen }),
    };
    const result = await api.post<RefundOrderResponse>('/api/admin/orders/refund', body);
    setBusy(false);
    if (!result.ok) {
      // Refused (4xx): nothing was made, so another try is a new request. No answer or a 5xx: the
      // refund may have been made, so a retry keeps the key and gets that refund back.
      if (result.error.status >= 400 && result.error.status < 500) setIdempotencyKey(newIdempotencyKey());
      return toastFailure(result.error, 'Refund failed');
    }
    const { refund, message } = result.body;
    const extra = refund.voucher_returned > 0 ? `; ${formatAud(dollarsToCents(refund.voucher_returned))} back on the gift card` : '';
    if (refund.status === 'pending') toast.info(message);
    else toast.success(`${message}${extra}`);
    onClose();
    await onRefunded();
  }

  const toggle = (id: string) => setChosen((now) => (now.includes(id) ? now.filter((x) => x !== id) : [...now, id]));

  return (
    <form className="flex flex-col gap-4" onSubmit={(e) => void submit(e)}>
      {membership ? (
        <fieldset>
          <legend className="text-sm font-semibold">The membership</legend>
          <div className="mt-2 flex flex-col gap-2 text-sm">
            <label className="flex items-center gap-2">
              <Radio name="membership_end" checked={membershipEnd === 'now'} onChange={() => setMembershipEnd('now')} />
              End it now (its member downloads end too)
            </label>
            <label className="flex items-center gap-2">
              <Radio name="membership_end" checked={membershipEnd === 'period_end'} onChange={() => setMembershipEnd('period_end')} />
              Keep it to the end of the paid period, without renewal
            </label>
          </div>
        </fieldset>
      ) : (
        <fieldset>
          <legend className="text-sm font-semibold">Items to refund</legend>
          <ul className="mt-2 flex flex-col gap-2">
            {refundable.map((p) => (
              <li key={p.id}>
                <label className="flex items-center gap-2 text-sm">
                  <Checkbox checked={chosen.includes(p.id)} onChange={() => toggle(p.id)} />
                  {p.title} ({formatAud(dollarsToCents(p.price))})
                </label>
              </li>
            ))}
          </ul>
        </fieldset>
      )}
      <p className="text-xs text-gray-700">
        {membership
          ? `The whole payment (${formatAud(dollarsToCents(order.amount))}) is refunded.`
          : 'Discounts are shared over the items by price; the refund is each item\u2019s share of what was paid.'}
      </p>
      <div className="flex justify-end gap-3">
        <Button variant="secondary" onClick={onClose}>
          Cancel
        </Button>
        <Button variant="danger" type="submit" disabled={busy || (!membership && chosen.length === 0)}>
          {busy ? 'Refunding...' : membership ? 'Refund payment' : `Refund ${chosen.length} item${chosen.length === 1 ? '' : 's'}`}
        </Button>
      </div>
    </form>
  );
}
