import 'server-only';
import { AppError } from '@/lib/domain/errors';
import { verifyWebhookEvent } from '@/lib/infra/payments';

/**
 * The payment provider's event, once its signature over the exact bytes sent
 * checks out: the body is read raw, never parsed first. Checking who sent a
 * request is this layer's job, as for sessions.
 */
export async function readSignedPaymentEvent(request: Request): Promise<ReturnType<typeof verifyWebhookEvent>> {
  const signature = request.headers.get('stripe-signature');
  const rawBody = await request.text();
  if (!signature) throw new AppError('invalid_request', 'Missing Stripe-Signature header');
  try {
    return verifyWebhookEvent(rawBody, signature);
  } catch {
    throw new AppError('invalid_request', 'Invalid webhook signature');
  }
}
