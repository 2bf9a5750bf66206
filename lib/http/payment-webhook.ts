import 'server-only';
import { AppError } from '@/lib/domain/errors';
import { enforceRateLimit, RATE_LIMITS, refuseOverRateLimit } from '@/lib/domain/rate-limit';
import { verifyWebhookEvent } from '@/lib/infra/payments';
import { boundBody, type BodyLimit } from './body-limit';
import { clientIp } from './client';

/**
 * The payment provider's event, once its signature over the exact bytes sent
 * checks out: the body is read raw, never parsed first. Checking who sent a
 * request is this layer's job, as for sessions. Only the provider can sign,
 * but anyone can send: a client whose unsigned or mis-signed requests reached
 * their limit is refused before its body is read (Decision 076); signed events
 * never count, so a stranger cannot use up the provider's allowance.
 */
export async function readSignedPaymentEvent(request: Request, body: BodyLimit): Promise<ReturnType<typeof verifyWebhookEvent>> {
  const client = clientIp(request);
  await refuseOverRateLimit(RATE_LIMITS.unsignedWebhook, client);
  const refuse = async (message: string) => {
    await enforceRateLimit(RATE_LIMITS.unsignedWebhook, client);
    return new AppError('invalid_request', message);
  };
  const signature = request.headers.get('stripe-signature');
  if (!signature) throw await refuse('Missing Stripe-Signature header');
  const rawBody = await (await boundBody(request, body)).text();
  try {
    return verifyWebhookEvent(rawBody, signature);
  } catch {
    throw await refuse('Invalid webhook signature');
  }
}
