import 'server-only';
import { refundOrderResponse } from '@/lib/contract/orders';
import type { RefundResult } from '@/lib/domain/refunds';
import { centsToDollars, formatAud } from '@/lib/format';
import { jsonOf } from '@/lib/http/handler';

/** A back-office refund's answer: 200 once made, 202 while Stripe has not confirmed it. `what` names what was refunded. */
export function refundReply(refund: RefundResult, what: string): Response {
  const pending = refund.status === 'pending';
  return jsonOf(
    refundOrderResponse,
    {
      success: true,
      message: pending
        ? `Refund of ${what} (${formatAud(refund.amountCents)}) is waiting for Stripe to confirm it; it completes by itself, and retrying is safe`
        : `Refunded ${what} (${formatAud(refund.amountCents)})`,
      refund: {
        id: refund.id,
        status: refund.status,
        amount: centsToDollars(refund.amountCents),
        voucher_returned: centsToDollars(refund.voucherReturnedCents),
        product_ids: refund.productIds,
        through_stripe: refund.throughStripe,
        membership_end: refund.membershipEnd,
      },
    },
    { status: pending ? 202 : 200 },
  );
}
