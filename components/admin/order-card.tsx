import { dollarsToCents, formatAud, formatDateTime, formatMoney } from '@/lib/format';
import { BundleCreditNote } from '@/components/orders/bundle-credit-note';
import { OrderDownloads } from './order-downloads';
import { Button } from '@/components/ui/button';
import { Thumb } from './thumb';
import type { AdminOrderResponse as AdminOrder } from '@/lib/contract/orders';
import { Badge } from '@/components/ui/badge';

/** docs/product.md §9: admins see the last 8 characters of the session id. */
export const shortOrderId = (sessionId: string) => sessionId.slice(-8);

const REFUND_LABEL = { admin: 'Refunded', stripe_refund: 'Refunded in Stripe', dispute: 'Disputed' } as const;
const DISPUTE_OUTCOME = { won: ' (won: access restored)', lost: ' (lost)' } as const;

const MEMBERSHIP_END = { now: ' (membership ended)', period_end: ' (membership to period end)' } as const;

/** A membership payment is refunded whole, once; it stays refundable after a dispute it won. */
const membershipRefundable = (order: AdminOrder) => order.refunds.every((r) => r.source === 'dispute' && r.dispute_outcome === 'won');

/** Items neither refunded nor waiting on a pending refund. */
export const refundableProducts = (order: AdminOrder) => {
  const waiting = new Set(order.refunds.filter((r) => r.status === 'pending').flatMap((r) => r.product_ids));
  return order.products.filter((p) => !p.refunded_at && !waiting.has(p.id));
};

/** Paid, with an item (or, for a membership payment, the payment) left to refund. */
const canRefund = (order: AdminOrder) =>
  order.payment_status !== 'unpaid' &&
  order.status === 'complete' &&
  (order.kind === 'subscription' ? membershipRefundable(order) : refundableProducts(order).length > 0);

export function OrderCard({ order, onResend, onRefund }: { order: AdminOrder; onResend: () => void; onRefund: () => void }) {
  return (
    <li className="rounded-2xl border border-gray-200 bg-white p-5 shadow-sm" data-testid="admin-order">
      <div className="flex flex-wrap items-start justify-between gap-3">
        <div>
          <h3 className="font-bold">Order …{shortOrderId(order.session_id)}</h3>
          <p className="text-sm text-gray-700">{formatDateTime(order.created_at)}</p>
          <p className="text-sm text-gray-800">{order.customer_email ?? 'No email'}</p>
        </div>
        <div className="text-right">
          <p className="font-bold">{formatMoney(dollarsToCents(order.amount), order.currency)}</p>
          <p className="text-sm">
            Payment: <span className="font-semibold">{order.payment_status}</span>
          </p>
          <div className="mt-2 flex justify-end gap-2">
            <Button variant="secondary" size="sm" onClick={onResend}>
              Resend Order Email
            </Button>
            {canRefund(order) && (
              <Button variant="danger" size="sm" onClick={onRefund}>
                Refund…
              </Button>
            )}
          </div>
        </div>
      </div>
      <ul className="mt-4 flex flex-wrap gap-3" aria-label="Products">
        {order.products.map((p) => (
          <li key={p.id} className="flex items-center gap-2 text-sm">
            <Thumb path={p.image_path} size={40} />
            <span>{p.title}</span>
            <BundleCreditNote credit={p.bundle_credit} />
            {p.refunded_at && <Badge tone="danger">Refunded</Badge>}
          </li>
        ))}
      </ul>
      {order.refunds.length > 0 && (
        <ul className="mt-3 text-sm text-gray-800" aria-label="Refunds">
          {order.refunds.map((r) => (
            <li key={r.id} data-testid="order-refund">
              {r.status === 'pending' ? 'Refund waiting for Stripe' : REFUND_LABEL[r.source]}
              {r.dispute_outcome && DISPUTE_OUTCOME[r.dispute_outcome]}
              {r.membership_end && MEMBERSHIP_END[r.membership_end]} {formatAud(dollarsToCents(r.amount))}
              {r.voucher_returned > 0 && ` + ${formatAud(dollarsToCents(r.voucher_returned))} to the gift card`} · {formatDateTime(r.created_at)} · by {r.actor}{' '}
              · {r.product_ids.length} item{r.product_ids.length === 1 ? '' : 's'}
            </li>
          ))}
        </ul>
      )}
      <div className="mt-4 border-t border-gray-100 pt-3">
        <h4 className="text-sm font-semibold">Email log</h4>
        {order.email_logs.length === 0 ? (
          <p className="text-sm text-gray-700">No emails sent.</p>
        ) : (
          <ul className="mt-1 text-sm text-gray-800" aria-label="Email log">
            {order.email_logs.map((log, i) => (
              <li key={`${log.sent_at}-${i}`} data-testid="email-log">
                {log.recipient_email} · {formatDateTime(log.sent_at)} · sent by {log.sent_by}
                {log.status !== 'sent' && <span className="font-semibold text-danger-700"> ({log.status})</span>}
              </li>
            ))}
          </ul>
        )}
      </div>
      <OrderDownloads order={order} />
    </li>
  );
}
