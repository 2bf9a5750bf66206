// docs/security.md S10: validate-discount is public, so guessing codes must hit the
// per-client limit early, and nothing a client writes in a header may buy it
// a fresh allowance when no trusted proxy sits in front (TRUSTED_PROXY_HOPS=0).
import { randomInt } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { adminToken, call, clearRateLimits, closeDb, expectErrorShape, type Reply } from './helpers';

const ALPHABET = 'ABCDEFGHJKMNPQRSTVWXYZ23456789';
const GUESSES = 10_000;
const LIMIT = 20; // RATE_LIMITS.validateDiscount: 20 per minute per client
const randomCode = () => Array.from({ length: 3 }, () => Array.from({ length: 4 }, () => ALPHABET[randomInt(ALPHABET.length)]).join('')).join('-');
const guess = (code: string, headers: Record<string, string> = {}) =>
  call('POST', `/api/validate-discount?code=${encodeURIComponent(code)}&subtotal=50`, { headers });

let realCode: string;

beforeAll(async () => {
  expect(process.env.TRUSTED_PROXY_HOPS ?? '0').toBe('0');
  await clearRateLimits('discount');
  const token = await adminToken();
  const created = await call('POST', '/api/admin/vouchers/create', {
    headers: { authorization: `Bearer ${token}` },
    json: { customer_email: 'guessing@example.com', type: 'percentage', value: 10, usage_type: 'reusable' },
  });
  expect(created.status, created.text).toBe(201);
  realCode = (created.body as { code: string }).code;
});

afterAll(async () => {
  // Later runners (the browser tests) validate codes and sign in from this same address.
  await clearRateLimits('discount');
  await clearRateLimits('login');
  await clearRateLimits('admin-login');
  await closeDb();
});

function expectLimited(reply: Reply) {
  expectErrorShape(reply, 429);
  expect(reply.body).toMatchObject({ code: 'rate_limited' });
  expect(Number(reply.headers.get('retry-after'))).toBeGreaterThan(0);
}

describe('guessing discount codes from one client', () => {
  const codes = Array.from({ length: GUESSES }, randomCode);
  let limitedAt = -1;

  it(`is limited within the first ${LIMIT + 1} of ${GUESSES} random codes, none of them valid`, async () => {
    for (let i = 0; i < codes.length; i++) {
      const reply = await guess(codes[i]);
      if (reply.status === 429) {
        limitedAt = i;
        expectLimited(reply);
        break;
      }
      expect(reply.status, reply.text).toBe(200);
      expect(reply.body).toMatchObject({ valid: false });
    }
    expect(limitedAt).toBe(LIMIT);
  });

  it('keeps refusing the codes after the limit, a real one included', async () => {
    expect(limitedAt).toBeGreaterThan(0);
    const rest = codes.slice(limitedAt + 1, limitedAt + 101);
    for (const code of [...rest, realCode]) expectLimited(await guess(code));
  });

  it('is not reset by a spoofed X-Forwarded-For or X-Real-IP', async () => {
    for (let i = 0; i < 10; i++) {
      const spoofed = `203.0.113.${i + 1}`;
      expectLimited(await guess(realCode, { 'x-forwarded-for': spoofed }));
      expectLimited(await guess(realCode, { 'x-forwarded-for': `${spoofed}, 198.51.100.${i + 1}` }));
      expectLimited(await guess(realCode, { 'x-real-ip': spoofed }));
    }
  });

  it('answers the real code once the window is cleared (so the refusals above are the limiter)', async () => {
    await clearRateLimits('discount');
    const reply = await guess(realCode);
    expect(reply.status, reply.text).toBe(200);
    expect(reply.body).toMatchObject({ valid: true });
  });
});

describe('guessing passwords from one client', () => {
  // RATE_LIMITS.login: 10 per 5 minutes per client (and per address); adminLogin: 10 per 15 minutes.
  it('customer sign-in is limited per client across addresses, spoofed headers or not', async () => {
    await clearRateLimits('login');
    const attempt = (i: number, headers: Record<string, string> = {}) =>
      call('POST', '/api/auth/user-login', { headers, form: { email: `nobody-${i}-${randomCode()}@example.com`, password: 'guess-guess' } });
    for (let i = 0; i < 10; i++) expectErrorShape(await attempt(i, { 'x-forwarded-for': `203.0.113.${i + 1}` }), 401);
    expectLimited(await attempt(10));
    expectLimited(await attempt(11, { 'x-forwarded-for': '198.51.100.7' }));
  });

  it('admin sign-in is limited per client, spoofed headers or not', async () => {
    await clearRateLimits('admin-login');
    for (let i = 0; i < 10; i++)
      expectErrorShape(
        await call('POST', '/api/auth/login', { headers: { 'x-forwarded-for': `203.0.113.${i + 1}` }, form: { username: 'admin', password: `wrong-${i}` } }),
        401,
      );
    expectLimited(await call('POST', '/api/auth/login', { headers: { 'x-real-ip': '198.51.100.8' }, form: { username: 'admin', password: 'admin' } }));
    await clearRateLimits('admin-login');
  });
});
