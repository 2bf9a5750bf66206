'use client';

import { useState, type FormEvent } from 'react';
import { toast } from 'sonner';
import { api, toastFailure } from './session';
import { useConfirm } from '@/components/ui/confirm';
import { dollarsToCents, formatAud } from '@/lib/format';
import { Dialog } from '@/components/ui/dialog';
import { shortOrderId } from './order-card';
import { Button } from '@/components/ui/button';
import { Checkbox } from '@/components/ui/form-controls';
import type { AdminOrderResponse as AdminOrder, RefundOrderRequest, RefundOrderResponse } from '@/lib/contract/orders';

type Props = { order: AdminOrder | null; onClose: () => void; onRefunded: () => Promise<void> };

/** Refund chosen items of one order (all not yet refunded, ticked by default), after a confirmation. */
export function RefundDialog(props: Props) {
  return (
    <Dialog open={props.order !== null} title="Refund Order" onClose={props.onClose} size="sm">
      {props.order && <RefundForm key={props.order.session_id} {...props} order={props.order} />}
    </Dialog>
  );
}

function RefundForm({ order, onClose, onRefunded }: Props & { order: AdminOrder }) {
  const refundable = order.products.filter((p) => !p.refunded_at);
  const [chosen, setChosen] = useState<string[]>(refundable.map((p) => p.id));
  const [busy, setBusy] = useState(false);
  const confirm = useConfirm();

  async function submit(event: FormEvent) {
    event.preventDefault();
    if (chosen.length === 0) return;
    const whole = chosen.length === refundable.length;
    const ok = await confirm({
      title: 'Refund these items?',
      message: `${chosen.length} item${chosen.length === 1 ? '' : 's'} of order …${shortOrderId(order.session_id)} will be refunded${order.kind === 'payment' ? ' to the card' : ''}; their downloads end at once and the customer is emailed.`,
      confirmLabel: 'Refund',
    });
    if (!ok) return;
    setBusy(true);
    const body: RefundOrderRequest = { session_id: order.session_id, ...(whole ? {} : { product_ids: chosen }) };
    const result = await api.post<RefundOrderResponse>('/api/admin/orders/refund', body);
    setBusy(false);
    if (!result.ok) return toastFailure(result.error, 'Refund failed');
    toast.success(
      `${result.body.message}${result.body.refund.voucher_returned > 0 ? `; ${formatAud(dollarsToCents(result.body.refund.voucher_returned))} back on the gift card` : ''}`,
    );
    onClose();
    await onRefunded();
  }

  const toggle = (id: string) => setChosen((now) => (now.includes(id) ? now.filter((x) => x !== id) : [...now, id]));

  return (
    <form className="flex flex-col gap-4" onSubmit={(e) => void submit(e)}>
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
      <p className="text-xs text-gray-700">Discounts are shared over the items by price; the refund is each item&apos;s share of what was paid.</p>
      <div className="flex justify-end gap-3">
        <Button variant="secondary" onClick={onClose}>
          Cancel
        </Button>
        <Button variant="danger" type="submit" disabled={busy || chosen.length === 0}>
          {busy ? 'Refunding...' : `Refund ${chosen.length} item${chosen.length === 1 ? '' : 's'}`}
        </Button>
      </div>
    </form>
  );
}
