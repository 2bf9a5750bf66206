// SECURITY N2 and N3 for licences (Decisions 081, 082). N2: verification is a
// public lookup by id, so guessing ids hits the per-client limit early (the
// page and the API share one allowance), an unknown id is a plain 404, and a
// licence shows its holder as initials, never a name or an email. N3: the
// owner's Markdown terms reach the page through an allow-list: no script, no
// event handler, no javascript: link.
import { randomInt } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { adminToken, call, clearRateLimits, closeDb, expectErrorShape, registerCustomer, sql, unique, type Customer } from './helpers';
import { listProducts } from '../api/helpers';

const LIMIT = 30; // RATE_LIMITS.licenceVerify: 30 a minute per client
const BASE32 = 'ABCDEFGHIJKLMNOPQRSTUVWXYZ234567';
const randomId = () => `LIC-${Array.from({ length: 16 }, () => BASE32[randomInt(32)]).join('')}`;

let holder: Customer;
let licenceId: string;

beforeAll(async () => {
  await clearRateLimits('licence-verify');
  holder = await registerCustomer('verify-holder');
  const [product] = await listProducts('?limit=1');
  const checkout = await call('POST', '/api/checkout/session', { headers: holder.auth, json: [{ product_id: product.id }] });
  expect(checkout.status, checkout.text).toBe(200);
  const sessionId = /\/checkout\/test\/(cs_test_[A-Za-z0-9_]+)/.exec((checkout.body as { url: string }).url)![1];
  expect((await call('POST', `/api/checkout/test/${sessionId}/complete`, { headers: holder.auth, json: {} })).status).toBe(200);
  [{ id: licenceId }] = await sql<{ id: string }>(
    `SELECT l.id FROM "Licence" l JOIN "OrderItem" i ON i.id = l."orderItemId" JOIN "Order" o ON o.id = i."orderId" WHERE o."sessionId" = $1`,
    [sessionId],
  );
});

afterAll(async () => {
  // Later runners (the browser tests) verify licences from this same address.
  await clearRateLimits('licence-verify', 'checkout', 'register');
  await closeDb();
});

describe('verifying a licence', () => {
  it('shows the holder as initials, never the name or the email', async () => {
    const reply = await call('GET', `/api/licences/verify/${licenceId}`);
    expect(reply.status).toBe(200);
    expect(reply.body).toMatchObject({ licence_id: licenceId, holder: 'S. V. H.' });
    for (const secret of [holder.email, holder.email.split('@')[0], 'Sec verify-holder', holder.id]) expect(reply.text).not.toContain(secret);
    const page = await call('GET', `/licence/${licenceId}`);
    expect(page.status).toBe(200);
    for (const secret of [holder.email, 'Sec verify-holder']) expect(page.text).not.toContain(secret);
  });

  it('answers an unknown id 404 and a malformed one 400, in the one error shape', async () => {
    const unknown = await call('GET', `/api/licences/verify/${randomId()}`);
    expectErrorShape(unknown, 404);
    expect(unknown.body).toMatchObject({ code: 'not_found', detail: 'Licence not found' });
    expectErrorShape(await call('GET', '/api/licences/verify/LIC-%27%20OR%201%3D1'), 400);
  });

  it(`limits guessing from one client within ${LIMIT + 1} tries, the page and the API together`, async () => {
    await clearRateLimits('licence-verify');
    let limitedAt = -1;
    for (let i = 0; i < 200 && limitedAt === -1; i++) {
      // Every other guess through the page: both spend the one allowance.
      const reply = i % 2 === 0 ? await call('GET', `/api/licences/verify/${randomId()}`) : await call('GET', `/licence/${randomId()}`);
      if (reply.status === 429 || (reply.status === 200 && reply.text.includes('Too many checks'))) limitedAt = i;
      else expect(reply.status).toBe(404);
    }
    expect(limitedAt).toBe(LIMIT);
    const limited = await call('GET', `/api/licences/verify/${licenceId}`);
    expectErrorShape(limited, 429);
    expect(Number(limited.headers.get('retry-after'))).toBeGreaterThan(0);
    // A real id is refused too while limited: the limit is counted before the lookup.
    expect(limited.text).not.toContain('product_title');
  });
});

describe('Markdown terms', () => {
  const key = `xss-${unique()}`;
  const hostile = [
    '## Fine print',
    '<script>alert(document.cookie)</script>',
    '<img src=x onerror="alert(1)">',
    '<iframe src="https://evil.example"></iframe>',
    '[click me](javascript:alert(1))',
    '[data](data:text/html;base64,PHNjcmlwdD5hbGVydCgxKTwvc2NyaXB0Pg==)',
    '<a href="javascript:alert(2)" onclick="alert(3)">raw link</a>',
    '[a real link](https://example.com/terms)',
  ].join('\n\n');

  beforeAll(async () => {
    const admin = { authorization: `Bearer ${await adminToken()}` };
    const created = await call('POST', '/api/admin/licences', { headers: admin, json: { key, name: 'Hostile', terms: hostile, price_multiplier: 1 } });
    expect(created.status, created.text).toBe(201);
    // Retired at once: the tier exists for its terms page only, never on sale to the browser tests.
    expect((await call('PUT', `/api/admin/licences/${key}`, { headers: admin, json: { retired: true } })).status).toBe(200);
  });

  it('renders no script, event handler, frame or javascript: link, and keeps the harmless Markdown', async () => {
    const page = await call('GET', `/licences/${key}`);
    expect(page.status).toBe(200);
    const terms = page.text.slice(page.text.indexOf('licence-terms'));
    expect(terms).toContain('<h2>Fine print</h2>');
    expect(terms).toMatch(/<a href="https:\/\/example\.com\/terms"[^>]*>a real link<\/a>/);
    expect(terms).not.toMatch(/<script>alert/i);
    expect(terms).not.toMatch(/<img[^>]*onerror/i);
    expect(terms).not.toMatch(/<iframe/i);
    expect(terms).not.toMatch(/<a[^>]*href="(javascript|data):/i);
    expect(terms).not.toMatch(/<a[^>]*onclick/i);
  });
});
