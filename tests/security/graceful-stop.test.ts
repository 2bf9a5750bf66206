// RELIABILITY (issue #24 §8, Decisions 072): a shop server told to stop drops nothing it holds.
// Real server.mjs processes from the tested build. A request is "held" once the server has
// answered its `Expect: 100-continue` (Node does that as the handler starts); its body is sent
// only after the signal, so the server must still be there to read it and answer.
import { randomInt } from 'node:crypto';
import { request as httpRequest } from 'node:http';
import { afterEach, describe, expect, it } from 'vitest';
import { spawnShop, waitForShop, type ShopProcess } from './shop-server';

let shop: ShopProcess | undefined;

afterEach(async () => {
  await shop?.stop();
  shop = undefined;
});

/** A sign-in whose headers the server has taken; `finish()` sends the body and resolves with the answer. */
function holdRequest(base: string): Promise<{ finish: () => Promise<{ status: number; body: string }> }> {
  const body = new URLSearchParams({ email: 'held@example.com', password: 'not-the-password' }).toString();
  return new Promise((held, fail) => {
    const url = new URL('/api/auth/user-login', base);
    const req = httpRequest({
      host: url.hostname,
      port: url.port,
      path: url.pathname,
      method: 'POST',
      agent: false,
      headers: {
        'content-type': 'application/x-www-form-urlencoded',
        'content-length': String(body.length),
        expect: '100-continue',
        // A client of its own (the server trusts one hop here): earlier files' sign-ins share the rate limit's table.
        'x-forwarded-for': `198.18.${randomInt(256)}.${randomInt(256)}`,
      },
    });
    const answer = new Promise<{ status: number; body: string }>((resolve, reject) => {
      req.on('response', (res) => {
        let text = '';
        res.setEncoding('utf8');
        res.on('data', (c: string) => (text += c));
        res.on('end', () => resolve({ status: res.statusCode ?? 0, body: text }));
      });
      req.on('error', reject);
    });
    // A test that failed before finish() leaves the answer unread: its reset is not a second failure.
    answer.catch(() => undefined);
    req.once('error', fail);
    req.on('continue', () => held({ finish: () => (req.end(body), answer) }));
    req.flushHeaders();
  });
}

const exitOf = (process: ShopProcess) => process.exited;

describe('a shop server told to stop', () => {
  for (const signal of ['SIGTERM', 'SIGINT'] as const) {
    it(`answers the request it holds before it exits (${signal})`, async () => {
      shop = await spawnShop({ TRUSTED_PROXY_HOPS: '1' });
      await waitForShop(shop);
      const held = await holdRequest(shop.url);
      process.kill(shop.pid as number, signal);
      const answer = await held.finish();
      expect(answer.status, answer.body).toBe(401);
      expect(JSON.parse(answer.body)).toMatchObject({ code: 'unauthorized' });
      expect(await exitOf(shop)).toBe(0);
    });
  }

  it('with --drain-ms answers its health check 503 and keeps serving until the drain ends, then exits', async () => {
    shop = await spawnShop({ TRUSTED_PROXY_HOPS: '1' }, ['--drain-ms', '5000']);
    await waitForShop(shop);
    let exited = false;
    void shop.exited.then(() => (exited = true));
    const held = await holdRequest(shop.url);
    process.kill(shop.pid as number, 'SIGTERM');

    // The signal reaches the server's event loop in its own time: wait for it, then look.
    let health = await fetch(`${shop.url}/api/health`);
    for (const deadline = Date.now() + 4_000; health.status !== 503 && Date.now() < deadline;) {
      await new Promise((r) => setTimeout(r, 50));
      health = await fetch(`${shop.url}/api/health`);
    }
    expect(health.status).toBe(503);
    expect(health.headers.get('connection')).toBe('close');
    expect(health.headers.get('cache-control')).toBe('no-store');
    expect(await health.json()).toMatchObject({ code: 'service_unavailable' });
    const page = await fetch(`${shop.url}/api/settings/banner`);
    expect(page.status).toBe(200);
    expect(page.headers.get('connection')).toBe('close');
    expect(exited).toBe(false);

    expect((await held.finish()).status).toBe(401);
    expect(await exitOf(shop)).toBe(0);
  });
});
