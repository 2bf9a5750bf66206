// Free downloads (Decision 095, docs/security.md A11 and "Always"): the emailed
// link is the only proof of the address, so it works once, only before it
// expires, only for the product and address it was made for; requests are
// limited per client and per address before any email goes out.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { freeDownloadConfirmResponse } from '@/lib/contract/free-downloads';
import { expectShape } from '../api/helpers';
import { createFreeProduct } from '../support/free-product';
import { waitForMail } from '../support/mail';
import { callFrom } from './clients';
import { call, clearRateLimits, closeDb, expectErrorShape, SHOP_URL, sql, unique } from './helpers';

let freeId: string;
let otherFreeId: string;

/** Asks for a download of `productId` for a fresh address (from its own client); the emailed token. */
async function linkFor(productId: string, email = `sec-free-${unique()}@example.com`): Promise<{ email: string; token: string }> {
  const asked = await callFrom(`127.95.${Math.floor(Math.random() * 250) + 1}.${Math.floor(Math.random() * 250) + 1}`, 'POST', '/api/free-downloads', {
    json: { product_id: productId, email, name: 'Sec' },
  });
  expect(asked.status, asked.text).toBe(202);
  const mail = await waitForMail(email, 15_000, 'Confirm your email to download');
  return { email, token: mail.text.match(/\/free-download\/confirm\?token=([A-Za-z0-9_-]+)/)![1] };
}

const confirm = (token: string, extra: Record<string, unknown> = {}) => call('POST', '/api/free-downloads/confirm', { json: { token, ...extra } });
const ordersOf = (email: string) =>
  sql<{ sessionId: string; productId: string }>(
    `SELECT o."sessionId", i."productId" FROM "Order" o JOIN "OrderItem" i ON i."orderId" = o.id WHERE o."customerEmail" = $1`,
    [email],
  );

beforeAll(async () => {
  freeId = await createFreeProduct(SHOP_URL, `Sec free ${unique()}`);
  otherFreeId = await createFreeProduct(SHOP_URL, `Sec free other ${unique()}`);
});

afterAll(async () => {
  await sql(`DELETE FROM "RateLimit" WHERE key LIKE 'free-download%'`);
  await clearRateLimits('download');
  await closeDb();
});

describe('the emailed link', () => {
  it('works once: of ten parallel uses one creates an order, the rest are refused', async () => {
    const { email, token } = await linkFor(freeId);
    const replies = await Promise.all(Array.from({ length: 10 }, () => confirm(token)));
    expect(replies.map((r) => r.status).sort()).toEqual([200, ...Array(9).fill(400)]);
    expect(await ordersOf(email)).toHaveLength(1);
  });

  it('is refused after it expires, and creates nothing', async () => {
    const { email, token } = await linkFor(freeId);
    await sql(`UPDATE "FreeDownloadRequest" SET "expiresAt" = now() - interval '1 second' WHERE email = $1`, [email]);
    expectErrorShape(await confirm(token), 400);
    expect(await ordersOf(email)).toEqual([]);
  });

  it('names one product and one address: a body naming others changes neither', async () => {
    const { email, token } = await linkFor(freeId);
    const attacker = `attacker-${unique()}@example.com`;
    const reply = await confirm(token, { product_id: otherFreeId, email: attacker });
    // Unknown fields are ignored by the contract, never used: the order is the link's.
    expect(reply.status, reply.text).toBe(200);
    const sessionId = expectShape(freeDownloadConfirmResponse, reply.body).session_id;
    expect(await ordersOf(email)).toEqual([{ sessionId, productId: freeId }]);
    expect(await ordersOf(attacker)).toEqual([]);
  });

  it('is refused when altered, guessed or missing, and only its hash is stored', async () => {
    const { email, token } = await linkFor(freeId);
    const altered = token.slice(0, -2) + (token.endsWith('AA') ? 'BB' : 'AA');
    for (const bad of [altered, 'A'.repeat(43), '', '../../etc/passwd']) expectErrorShape(await confirm(bad), 400);
    const [row] = await sql<{ tokenHash: string }>(`SELECT "tokenHash" FROM "FreeDownloadRequest" WHERE email = $1`, [email]);
    expect(row.tokenHash).not.toContain(token);
    expect(row.tokenHash).toMatch(/^[0-9a-f]{64}$/);
    expect(await ordersOf(email)).toEqual([]);
  });

  it('opening the link’s page uses nothing (mail scanners open links)', async () => {
    const { email, token } = await linkFor(freeId);
    for (let i = 0; i < 3; i++) expect((await call('GET', `/free-download/confirm?token=${token}`)).status).toBe(200);
    expect(await ordersOf(email)).toEqual([]);
    expect((await confirm(token)).status).toBe(200);
  });
});

describe('rate limits', () => {
  it('refuse a 4th request for one address within the hour, from any client, before any email is sent', async () => {
    const email = `sec-flood-${unique()}@example.com`;
    const replies = [];
    for (let i = 1; i <= 5; i++) {
      replies.push((await callFrom(`127.96.0.${i}`, 'POST', '/api/free-downloads', { json: { product_id: freeId, email, name: 'Flood' } })).status);
    }
    expect(replies).toEqual([202, 202, 202, 429, 429]);
    expect(await sql(`SELECT 1 FROM "FreeDownloadRequest" WHERE email = $1`, [email])).toHaveLength(3);
  });

  it('refuse a client past 20 requests within the hour, whatever the addresses', async () => {
    const client = `127.96.1.${Math.floor(Math.random() * 250) + 1}`;
    const statuses = [];
    for (let i = 0; i < 21; i++) {
      const reply = await callFrom(client, 'POST', '/api/free-downloads', {
        json: { product_id: freeId, email: `sec-client-${unique()}@example.com`, name: 'C' },
      });
      statuses.push(reply.status);
    }
    expect(statuses.slice(0, 20).every((s) => s === 202)).toBe(true);
    expect(statuses[20]).toBe(429);
  });

  it('limit link uses per client, so tokens cannot be guessed at speed', async () => {
    const client = `127.96.2.${Math.floor(Math.random() * 250) + 1}`;
    const statuses = [];
    for (let i = 0; i < 21; i++)
      statuses.push((await callFrom(client, 'POST', '/api/free-downloads/confirm', { json: { token: `guess${unique()}${unique()}${unique()}` } })).status);
    expect(statuses.slice(0, 20).every((s) => s === 400)).toBe(true);
    expect(statuses[20]).toBe(429);
  });
});
