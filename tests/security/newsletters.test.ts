// docs/security.md N3 and N5 for newsletters and abandoned-checkout emails
// (Decision 096): the owner's newsletter Markdown reaches the email through the
// allow-list sanitiser, and a cart restore link names one checkout, signed by
// the shop: it cannot be forged, stretched or pointed at another customer's
// cart, and gives back only that cart's items. Which staff roles may use the
// Email tab's routes is the role matrix's (admin-access.test.ts, `marketing`).
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { z } from 'zod';
import { productResponse } from '@/lib/contract/catalog';
import { checkoutSessionResponse } from '@/lib/contract/checkout';
import { cartRestoreResponse, newsletterPreviewResponse, newsletterResponse } from '@/lib/contract/newsletters';
import { cartRestoreToken } from '@/lib/domain/abandoned-checkouts';
import { unsubscribeToken } from '@/lib/domain/marketing';
import { expectShape } from '../api/helpers';
import { adminToken, call, clearRateLimits, closeDb, expectErrorShape, registerCustomer, sql, type Customer } from './helpers';

let admin: Record<string, string>;

beforeAll(async () => {
  admin = { authorization: `Bearer ${await adminToken()}` };
});

afterAll(async () => {
  await clearRateLimits('register', 'checkout');
  await closeDb();
});

/** The order of a card checkout the customer opened and left. */
async function openCheckout(customer: Customer, productId: string): Promise<string> {
  const res = await call('POST', '/api/checkout/session', { headers: customer.auth, json: [{ product_id: productId }] });
  expect(res.status, res.text).toBe(200);
  const [order] = await sql<{ id: string }>(`SELECT id FROM "Order" WHERE "sessionId" = $1`, [expectShape(checkoutSessionResponse, res.body).session_id]);
  return order.id;
}

const restore = (token: string) => call('GET', `/api/cart/restore?token=${encodeURIComponent(token)}`);

describe('the cart restore link', () => {
  it("gives back only its own checkout's items, and cannot be forged, stretched or pointed at another cart", async () => {
    const [mine, theirs] = expectShape(z.array(productResponse), (await call('GET', '/api/products?limit=2')).body);
    const [alice, bob] = [await registerCustomer('restore-a'), await registerCustomer('restore-b')];
    const aliceOrder = await openCheckout(alice, mine.id);
    const bobOrder = await openCheckout(bob, theirs.id);

    const token = cartRestoreToken(aliceOrder);
    const own = await restore(token);
    expect(own.status, own.text).toBe(200);
    const { items } = expectShape(cartRestoreResponse, own.body);
    expect(items.map((i) => i.product_id)).toEqual([mine.id]);
    expect(own.text).not.toContain(alice.email);

    const [version, , expiry, mac] = token.split('.');
    const pointedAtBob = [version, Buffer.from(bobOrder).toString('base64url'), expiry, mac].join('.');
    const stretched = [version, Buffer.from(aliceOrder).toString('base64url'), (parseInt(expiry, 36) + 3_650 * 86_400).toString(36), mac].join('.');
    for (const forged of [
      pointedAtBob,
      stretched,
      unsubscribeToken(alice.id, 'newsletter'),
      `r1.${Buffer.from(bobOrder).toString('base64url')}.${expiry}.`,
      'r1.x.y.z',
    ]) {
      const res = await restore(forged);
      expectErrorShape(res, 400);
      expect(res.text).not.toContain(theirs.id);
    }
  });
});

describe("the newsletter's Markdown", () => {
  it('renders no script, event handler, frame or javascript: link in the email, and keeps the harmless Markdown', async () => {
    const markdown = [
      '## Hello **there**',
      '<script>alert(1)</script>',
      '<img src=x onerror=alert(1)>',
      '<iframe src="https://evil.example"></iframe>',
      '[click](javascript:alert(1))',
      '<a href="https://evil.example" onclick="steal()">x</a>',
    ].join('\n\n');
    const created = await call('POST', '/api/admin/newsletters', { headers: admin, json: { subject: 'Injection', markdown } });
    expect(created.status, created.text).toBe(201);
    const { id } = expectShape(newsletterResponse, created.body);
    const { html } = expectShape(newsletterPreviewResponse, (await call('GET', `/api/admin/newsletters/${id}/preview`, { headers: admin })).body);
    expect(html).toContain('<strong>there</strong>');
    expect(html).not.toMatch(/<script|<img|<iframe|href="javascript:/i);
    expect(html).not.toMatch(/<[^>]+\son\w+=/i);
  });
});
