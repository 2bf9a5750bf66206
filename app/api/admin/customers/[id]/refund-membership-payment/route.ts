// POST /api/admin/customers/{id}/refund-membership-payment — refund one of the customer's membership payments through the refund path (JSON session_id, membership_end?, idempotency_key?); 202 while Stripe has not confirmed it
import { customerIdParams, refundMembershipPaymentRequest } from '@/lib/contract/customers';
import { refundMembershipPayment } from '@/lib/domain/customers';
import { adminHandler } from '@/lib/http/admin';
import { parseBody, parseParams } from '@/lib/http/handler';
import { refundReply } from '@/lib/http/responses/refunds';

export const POST = adminHandler<{ id: string }>('refunds', async (request, { params }, admin) => {
  const { id } = await parseParams(params, customerIdParams);
  const input = await parseBody(request, refundMembershipPaymentRequest);
  const refund = await refundMembershipPayment(admin.username, id, {
    sessionId: input.session_id,
    membershipEnd: input.membership_end,
    idempotencyKey: input.idempotency_key,
  });
  return refundReply(refund, 'the membership payment');
});
