// POST /api/admin/orders/refund — refund a whole order, chosen items or a membership payment (JSON session_id, product_ids?, idempotency_key?, membership_end?); 202 while Stripe has not confirmed it
import { refundOrderRequest, refundOrderResponse } from '@/lib/contract/orders';
import { refundOrder } from '@/lib/domain/refunds';
import { adminHandler } from '@/lib/http/admin';
import { jsonOf, parseBody } from '@/lib/http/handler';
import { centsToDollars, formatAud } from '@/lib/format';

export const POST = adminHandler(async (request, _context, admin) => {
  const input = await parseBody(request, refundOrderRequest);
  const refund = await refundOrder({
    actor: admin.username,
    sessionId: input.session_id,
    productIds: input.product_ids,
    idempotencyKey: input.idempotency_key,
    membershipEnd: input.membership_end,
  });
  const count = refund.productIds.length;
  const what = refund.membershipEnd ? 'the membership payment' : `${count} item${count === 1 ? '' : 's'}`;
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
});
