// POST /api/checkout/test/{sessionId}/cancel — test payment mode: abandon the session and release its voucher
import { sessionParamsSchema, testPaymentResponse } from '@/lib/contract/checkout';
import { cancelTestPayment, testPaymentReturnUrl } from '@/lib/domain/orders';
import { assertSameOrigin } from '@/lib/http/client';
import { handler, jsonOf, parseParams } from '@/lib/http/handler';

export const POST = handler<{ sessionId: string }>(async (request, { params }) => {
  assertSameOrigin(request);
  const { sessionId } = await parseParams(params, sessionParamsSchema);
  await cancelTestPayment(sessionId);
  return jsonOf(testPaymentResponse, { success: true, redirect_url: await testPaymentReturnUrl(sessionId, 'cancel') });
});
