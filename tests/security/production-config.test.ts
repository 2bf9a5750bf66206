// SECURITY (issue 13 §1): a production deployment never falls into test
// payments, which hand out every product and a membership for free. Real
// server processes (server.mjs) from the tested build (and a real `npm start`) with a
// production environment on a database the owner chose: a misconfiguration is
// refused in one message naming every variable, with a non-zero exit, before
// anything touches the database; a correctly configured shop answers the test
// payment endpoints 404.
import { spawn } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startStripeStandIn, type StripeStandIn } from '../support/stripe-stand-in';
import { listProducts } from '../api/helpers';
import { closeDb, expectErrorShape, sql, type Reply } from './helpers';
import { freeLocalPort, spawnShop, waitForShop, type ShopProcess } from './shop-server';

const liveKey = `sk_live_${randomBytes(16).toString('hex')}`;
const testKey = `sk_test_${randomBytes(16).toString('hex')}`;
const webhookSecret = `whsec_${randomBytes(24).toString('base64url')}`;
const secrets = {
  AUTH_SECRET: randomBytes(36).toString('base64url'),
  ADMIN_PASSWORD: `pw-${randomBytes(12).toString('hex')}`,
  TOTP_ENCRYPTION_KEY: randomBytes(32).toString('hex'),
};
const EXIT_WAIT_MS = 30_000;

// Postgres on a port nothing listens on: a process that tried to connect would say so.
let closedDatabase: string;

beforeAll(async () => {
  closedDatabase = `postgresql://shop:shop@127.0.0.1:${await freeLocalPort()}/no_such_database`;
});

afterAll(async () => {
  await closeDb();
});

/** A complete production environment on an outside database; each test spoils part of it. */
function deployment(overrides: Record<string, string | undefined> = {}): Record<string, string | undefined> {
  return {
    NODE_ENV: 'production',
    SHOP_EMBEDDED: undefined,
    DATABASE_URL: closedDatabase,
    ...secrets,
    SITE_URL: 'https://shop.example.com',
    PAYMENT_MODE: undefined,
    STRIPE_SECRET_KEY: liveKey,
    STRIPE_WEBHOOK_SECRET: webhookSecret,
    STRIPE_ALLOW_TEST_KEYS: undefined,
    SITE_URL_ALLOW_HTTP: undefined,
    STRIPE_API_HOST: undefined,
    ...overrides,
  };
}

/** The exit code, or a failure if the process is still running after a generous wait. */
async function exitCode(process: { exited: Promise<number | null>; stop: () => Promise<void>; output: () => string }): Promise<number | null> {
  let timer: NodeJS.Timeout | undefined;
  const stillRunning = new Promise<'running'>((done) => (timer = setTimeout(() => done('running'), EXIT_WAIT_MS)));
  const result = await Promise.race([process.exited, stillRunning]);
  clearTimeout(timer);
  if (result === 'running') {
    await process.stop();
    throw new Error(`still running ${EXIT_WAIT_MS / 1000} s after start; it printed:\n${process.output()}`);
  }
  return result;
}

/** Checks the refusal is the configuration message alone and returns the variables it names. */
function refusalNames(output: string): string[] {
  expect(output.match(/Invalid environment/g), output).toHaveLength(1);
  // A clear message, not a stack trace, and nothing that tried the database.
  expect(output).not.toMatch(/^\s+at /m);
  expect(output).not.toMatch(/ECONNREFUSED|P1001|reach database|database .* does not exist/i);
  return [...new Set([...output.matchAll(/^ {2}([A-Z][A-Z0-9_]*):/gm)].map((m) => m[1]))];
}

async function refusedStart(overrides: Record<string, string | undefined>): Promise<string[]> {
  const shop = await spawnShop(deployment(overrides));
  const code = await exitCode(shop);
  expect(code, shop.output()).not.toBe(0);
  expect(code, shop.output()).not.toBeNull();
  return refusalNames(shop.output());
}

describe('the shop server refuses a production deployment that could fall into test payments', () => {
  it('refuses to start without STRIPE_SECRET_KEY and STRIPE_WEBHOOK_SECRET', async () => {
    expect(await refusedStart({ STRIPE_SECRET_KEY: undefined, STRIPE_WEBHOOK_SECRET: undefined })).toEqual(['STRIPE_SECRET_KEY', 'STRIPE_WEBHOOK_SECRET']);
  });

  it('refuses a blank key the same as a missing one', async () => {
    expect(await refusedStart({ STRIPE_SECRET_KEY: '  ' })).toEqual(['STRIPE_SECRET_KEY']);
  });

  it('refuses a sk_test_ key unless STRIPE_ALLOW_TEST_KEYS=1', async () => {
    expect(await refusedStart({ STRIPE_SECRET_KEY: testKey })).toEqual(['STRIPE_SECRET_KEY']);
  });

  it('refuses malformed keys', async () => {
    expect(await refusedStart({ STRIPE_SECRET_KEY: 'sk_live_123', STRIPE_WEBHOOK_SECRET: 'whsec' })).toEqual(['STRIPE_SECRET_KEY', 'STRIPE_WEBHOOK_SECRET']);
    expect(await refusedStart({ STRIPE_SECRET_KEY: `pk_live_${randomBytes(16).toString('hex')}` })).toEqual(['STRIPE_SECRET_KEY']);
  });

  it('refuses an http SITE_URL unless SITE_URL_ALLOW_HTTP=1', async () => {
    expect(await refusedStart({ SITE_URL: 'http://shop.example.com' })).toEqual(['SITE_URL']);
  });

  it('names every missing or unsafe variable in one message', async () => {
    const names = await refusedStart({
      AUTH_SECRET: undefined,
      ADMIN_PASSWORD: undefined,
      TOTP_ENCRYPTION_KEY: undefined,
      SITE_URL: 'http://shop.example.com',
      STRIPE_SECRET_KEY: testKey,
      STRIPE_WEBHOOK_SECRET: undefined,
    });
    expect(names).toEqual(['AUTH_SECRET', 'ADMIN_PASSWORD', 'TOTP_ENCRYPTION_KEY', 'SITE_URL', 'STRIPE_SECRET_KEY', 'STRIPE_WEBHOOK_SECRET']);
  });

  it('is not switched off by SHOP_EMBEDDED=1 on a database on another machine', async () => {
    const names = await refusedStart({ SHOP_EMBEDDED: '1', DATABASE_URL: 'postgresql://shop:shop@db.example.com:5432/shop', STRIPE_SECRET_KEY: undefined });
    expect(names).toEqual(['STRIPE_SECRET_KEY']);
  });

  it('never serves the test payment page or endpoints while misconfigured', async () => {
    const shop = await spawnShop(deployment({ STRIPE_SECRET_KEY: undefined, STRIPE_WEBHOOK_SECRET: undefined }));
    const probes: [string, string][] = [
      ['GET', '/checkout/test/cs_test_probe'],
      ['POST', '/api/checkout/test/cs_test_probe/complete'],
      ['POST', '/api/membership/subscribe'],
      ['GET', '/api/settings/banner'],
    ];
    const answered: string[] = [];
    let ended = false;
    void shop.exited.then(() => (ended = true));
    const deadline = Date.now() + EXIT_WAIT_MS;
    // Knock on every door from the moment the process starts until it ends.
    while (!ended && answered.length === 0 && Date.now() < deadline) {
      for (const [method, path] of probes) {
        try {
          const res = await fetch(`${shop.url}${path}`, { method, redirect: 'manual', signal: AbortSignal.timeout(5_000) });
          answered.push(`${method} ${path} → ${res.status}`);
        } catch {
          // not listening, or the connection dropped as the process exited
        }
      }
      await new Promise((r) => setTimeout(r, 50));
    }
    if (answered.length) await shop.stop();
    expect(answered).toEqual([]);
    const code = await exitCode(shop);
    expect(code).not.toBe(0);
    expect(refusalNames(shop.output())).toEqual(['STRIPE_SECRET_KEY', 'STRIPE_WEBHOOK_SECRET']);
  });
});

describe('npm start refuses before starting or connecting to anything', () => {
  it('exits non-zero with the one message, no embedded service started and no database contacted', async () => {
    const dataDir = mkdtempSync(join(tmpdir(), 'shop-config-'));
    try {
      // Without S3_ENDPOINT npm start would start the embedded storage: it must not get that far.
      const env: NodeJS.ProcessEnv = { ...process.env, PORT: String(await freeLocalPort()), DATA_DIR: dataDir };
      for (const [key, value] of Object.entries(
        deployment({ STRIPE_SECRET_KEY: undefined, STRIPE_WEBHOOK_SECRET: undefined, S3_ENDPOINT: undefined, NODE_ENV: undefined }),
      )) {
        if (value === undefined) delete env[key];
        else env[key] = value;
      }
      const child = spawn(join('node_modules', '.bin', 'tsx'), ['--conditions=react-server', 'scripts/start.ts'], { env, stdio: ['ignore', 'pipe', 'pipe'] });
      let printed = '';
      child.stdout?.on('data', (c: Buffer) => (printed += c.toString()));
      child.stderr?.on('data', (c: Buffer) => (printed += c.toString()));
      const exited = new Promise<number | null>((done) => child.once('exit', (code) => done(code)));
      const code = await exitCode({
        exited,
        output: () => printed,
        stop: async () => {
          child.kill('SIGTERM');
          await exited;
        },
      });
      expect(code, printed).not.toBe(0);
      expect(code, printed).not.toBeNull();
      expect(refusalNames(printed)).toEqual(['STRIPE_SECRET_KEY', 'STRIPE_WEBHOOK_SECRET']);
      expect(printed).not.toMatch(/Embedded|migrations|Building/);
    } finally {
      rmSync(dataDir, { recursive: true, force: true });
    }
  });
});

describe('a production shop configured for Stripe', () => {
  let stripe: StripeStandIn;
  let shop: ShopProcess;

  async function shopCall(method: string, path: string, json?: unknown): Promise<Reply> {
    const res = await fetch(`${shop.url}${path}`, {
      method,
      redirect: 'manual',
      headers: json === undefined ? {} : { 'content-type': 'application/json' },
      body: json === undefined ? undefined : JSON.stringify(json),
    });
    const text = await res.text();
    let body: unknown = text;
    try {
      body = JSON.parse(text);
    } catch {
      // a page
    }
    return { status: res.status, headers: res.headers, text, body };
  }

  beforeAll(async () => {
    stripe = await startStripeStandIn({ secretKey: testKey });
    // The runner's database, but without SHOP_EMBEDDED: every production check applies.
    const environment = deployment({
      DATABASE_URL: process.env.DATABASE_URL,
      SITE_URL_ALLOW_HTTP: '1',
      STRIPE_SECRET_KEY: testKey,
      STRIPE_ALLOW_TEST_KEYS: '1',
      STRIPE_API_HOST: stripe.url,
    });
    // SITE_URL stays the process's own http address, which spawnShop sets.
    delete environment.SITE_URL;
    shop = await spawnShop(environment);
    await waitForShop(shop);
  });

  afterAll(async () => {
    await shop?.stop();
    await stripe?.close();
  });

  it('starts with a sk_test_ key when STRIPE_ALLOW_TEST_KEYS=1 and on http when SITE_URL_ALLOW_HTTP=1', async () => {
    const res = await shopCall('GET', '/api/settings/banner');
    expect(res.status, shop.output()).toBe(200);
  });

  it('answers 404 for the test payment page and endpoints, even for its own open checkout', async () => {
    const [product] = await listProducts();
    const opened = await shopCall('POST', '/api/checkout/session', [{ product_id: product.id }]);
    expect(opened.status, opened.text).toBe(200);
    const sessionId = (opened.body as { session_id: string }).session_id;
    // The checkout went to Stripe (the stand-in), so a cs_test_ id exists for a real order.
    expect(stripe.sessions.has(sessionId)).toBe(true);
    expect(sessionId.startsWith('cs_test_')).toBe(true);

    expect((await shopCall('GET', `/checkout/test/${sessionId}`)).status).toBe(404);
    expectErrorShape(await shopCall('POST', `/api/checkout/test/${sessionId}/complete`, { email: 'thief@example.com' }), 404);
    expectErrorShape(await shopCall('POST', `/api/checkout/test/${sessionId}/cancel`), 404);

    const [order] = await sql<{ paymentStatus: string; status: string }>(`SELECT "paymentStatus", status FROM "Order" WHERE "sessionId" = $1`, [sessionId]);
    expect(order).toEqual({ paymentStatus: 'unpaid', status: 'open' });
  });
});
