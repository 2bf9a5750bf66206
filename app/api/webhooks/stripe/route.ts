// POST /api/webhooks/stripe — signed payment events: fulfil, fail or expire checkouts
import { handlePaymentEvent } from '@/lib/domain/orders';
import { bufferedBody } from '@/lib/http/body-limit';
import { handler, json } from '@/lib/http/handler';
import { readSignedPaymentEvent } from '@/lib/http/payment-webhook';

const WEBHOOK_MAX_BYTES = 1024 * 1024;

export const POST = handler(async (request) => {
  const outcome = await handlePaymentEvent(await readSignedPaymentEvent(request));
  return json({ received: true, outcome });
  // Stripe's events are far smaller; 1 MB leaves room without letting a stranger make us hold more.
}, bufferedBody(WEBHOOK_MAX_BYTES));
