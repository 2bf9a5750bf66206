// POST /api/checkout/test/{sessionId}/complete — test payment mode: pay the session (same fulfilment as the webhook)
import { sessionParamsSchema, testPaymentBodySchema, testPaymentResponse } from '@/lib/contract/checkout';
import { completeTestPayment, testPaymentReturnUrl } from '@/lib/domain/orders';
import { assertSameOrigin } from '@/lib/http/client';
import { handler, jsonOf, parseJson, parseParams } from '@/lib/http/handler';

export const POST = handler<{ sessionId: string }>(async (request, { params }) => {
  assertSameOrigin(request);
  const { sessionId } = await parseParams(params, sessionParamsSchema);
  const body = await parseJson(request, testPaymentBodySchema);
  await completeTestPayment(sessionId, body.email ?? null);
  return jsonOf(testPaymentResponse, { success: true, redirect_url: await testPaymentReturnUrl(sessionId, 'complete') });
});
