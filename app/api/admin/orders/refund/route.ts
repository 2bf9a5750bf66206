// POST /api/admin/orders/refund — refund a whole order, chosen items or a membership payment (JSON session_id, product_ids?, idempotency_key?, membership_end?); 202 while Stripe has not confirmed it
import { refundOrderRequest } from '@/lib/contract/orders';
import { refundOrder } from '@/lib/domain/refunds';
import { adminHandler } from '@/lib/http/admin';
import { parseBody } from '@/lib/http/handler';
import { refundReply } from '@/lib/http/responses/refunds';

export const POST = adminHandler('refunds', async (request, _context, admin) => {
  const input = await parseBody(request, refundOrderRequest);
  const refund = await refundOrder({
    actor: admin.username,
    sessionId: input.session_id,
    productIds: input.product_ids,
    idempotencyKey: input.idempotency_key,
    membershipEnd: input.membership_end,
  });
  const count = refund.productIds.length;
  return refundReply(refund, refund.membershipEnd ? 'the membership payment' : `${count} item${count === 1 ? '' : 's'}`);
});
