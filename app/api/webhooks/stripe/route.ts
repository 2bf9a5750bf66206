// POST /api/webhooks/stripe — signed payment events: fulfil, fail or expire checkouts
import { handlePaymentEvent } from '@/lib/domain/orders';
import { bufferedBody } from '@/lib/http/body-limit';
import { errorResponse } from '@/lib/http/errors';
import { handler, json } from '@/lib/http/handler';
import { verifyWebhookEvent } from '@/lib/infra/payments';

const WEBHOOK_MAX_BYTES = 1024 * 1024;

export const POST = handler(async (request) => {
  const signature = request.headers.get('stripe-signature');
  // The signature covers the exact bytes sent, so the body is read raw.
  const rawBody = await request.text();
  if (!signature) return errorResponse('invalid_request', 'Missing Stripe-Signature header');
  let event;
  try {
    event = verifyWebhookEvent(rawBody, signature);
  } catch {
    return errorResponse('invalid_request', 'Invalid webhook signature');
  }
  const outcome = await handlePaymentEvent(event);
  return json({ received: true, outcome });
  // Stripe's events are far smaller; 1 MB leaves room without letting a stranger make us hold more.
}, bufferedBody(WEBHOOK_MAX_BYTES));
