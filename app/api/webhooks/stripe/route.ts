// POST /api/webhooks/stripe — signed payment events: fulfil, fail or expire checkouts
import { handlePaymentEvent } from '@/lib/domain/orders';
import { bufferedBody, deferredBody } from '@/lib/http/body-limit';
import { handler, json } from '@/lib/http/handler';
import { readSignedPaymentEvent } from '@/lib/http/payment-webhook';

// Stripe's events are far smaller; 1 MB leaves room without letting a stranger make us hold more.
const WEBHOOK_BODY = bufferedBody(1024 * 1024);

export const POST = handler(async (request) => {
  const outcome = await handlePaymentEvent(await readSignedPaymentEvent(request, WEBHOOK_BODY));
  return json({ received: true, outcome });
  // Read only once the sender's allowance is checked (a declared length over 1 MB is refused at once).
}, deferredBody(WEBHOOK_BODY));
