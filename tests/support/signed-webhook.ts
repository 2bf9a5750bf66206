// A webhook request as Stripe sends it: the event's JSON, signed by the
// Stripe SDK with the endpoint's secret, so the route's real signature check runs.
import Stripe from 'stripe';

export function signedWebhookRequest(siteUrl: string, secret: string, event: object): Request {
  const payload = JSON.stringify(event);
  const signature = Stripe.webhooks.generateTestHeaderString({ payload, secret });
  return new Request(`${siteUrl}/api/webhooks/stripe`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', 'stripe-signature': signature },
    body: payload,
  });
}
