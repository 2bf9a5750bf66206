import { expect, test } from '@playwright/test';
import { apiGet, aud, bundleList, registerCustomer, sql, uniqueEmail, clearClientLimits } from './helpers';

test.beforeAll(clearClientLimits);

// Bundle credit on a phone (Decision 094): a customer who bought one item of a
// bundle sees "You own 1 of N: pay X AUD" on the bundle's page and in the cart,
// where the credit comes off the total, and pays exactly X in test payment
// mode; the success page names the credit. X is worked out here from the
// bundle's price and what the customer's first order cost, not read from the shop.

test.use({ viewport: { width: 390, height: 844 }, isMobile: true, hasTouch: true });

const formatCents = (cents: number) => aud(cents / 100);

test('a customer who owns one item of a bundle sees and pays its credited price', async ({ page, request }) => {
  test.setTimeout(120_000);
  const bundle = (await apiGet(request, '/api/bundles', bundleList)).find((b) => b.product_ids.length >= 2 && !b.on_sale);
  expect(bundle, 'the demo catalogue has a bundle of 2 or more items, not on sale').toBeTruthy();
  const total = bundle!.product_ids.length;
  await registerCustomer(page, { name: 'Credit Buyer', email: uniqueEmail('credit'), password: 'correct horse battery' });
  await expect(page).not.toHaveURL(/\/login/);

  // The first purchase, through the API with the page's own session.
  const opened = await page.request.post('/api/checkout/session', { data: [{ product_id: bundle!.product_ids[0] }] });
  expect(opened.ok(), await opened.text()).toBe(true);
  const first = (await opened.json()) as { session_id: string };
  expect((await page.request.post(`/api/checkout/test/${first.session_id}/complete`, { data: {} })).ok()).toBe(true);
  const [{ amountCents: paidCents }] = await sql<{ amountCents: number }>('SELECT "amountCents" FROM "Order" WHERE "sessionId" = $1', [first.session_id]);

  const fullCents = Math.round(bundle!.price * 100);
  const payCents = Math.max(fullCents - paidCents, Math.round(fullCents * 0.2));
  const offer = `You own 1 of ${total}: pay ${formatCents(payCents)}`;

  await page.goto(`/product/${bundle!.id}`);
  await expect(page.getByTestId('bundle-credit-offer')).toHaveText(offer);
  await page.getByRole('button', { name: 'Add to Cart' }).click();

  await page.goto('/cart');
  const line = page.getByTestId('cart-item').filter({ hasText: bundle!.title });
  await expect(line.getByTestId('bundle-credit-offer')).toHaveText(offer);
  await expect(page.getByTestId('bundle-credit-total')).toContainText(`−${formatCents(fullCents - payCents)}`);
  await expect(page.getByTestId('order-total')).toHaveText(formatCents(payCents));

  await page.getByRole('button', { name: 'Proceed to Checkout' }).click();
  await page.waitForURL(/\/checkout\/test\/cs_test_/);
  await expect(page.getByTestId('test-payment-total')).toHaveText(formatCents(payCents));
  await page.getByRole('button', { name: 'Complete test payment' }).click();

  await expect(page.getByRole('heading', { name: 'Payment Successful!' })).toBeVisible();
  await expect(page.getByTestId('purchased-item').getByTestId('bundle-credit')).toHaveText(`Credit for items you own: −${formatCents(fullCents - payCents)}`);
  const sessionId = new URL(page.url()).searchParams.get('session_id');
  const [order] = await sql<{ amountCents: number; credit: number }>(
    `SELECT o."amountCents", i."bundleCreditCents" AS credit FROM "Order" o JOIN "OrderItem" i ON i."orderId" = o.id WHERE o."sessionId" = $1`,
    [sessionId],
  );
  expect(order).toEqual({ amountCents: payCents, credit: fullCents - payCents });
});
