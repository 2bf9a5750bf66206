// No storage keys, presigned URLs or secrets in public responses (S5), and no
// secret, token or presigned URL in the server's log (SECURITY "Always").
import { existsSync, readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { z } from 'zod';
import { bundleResponse, type BundleResponse, type ProductResponse } from '@/lib/contract/catalog';
import { parseEnv } from '@/lib/env';
import { expectShape, listProducts } from '../api/helpers';
import { adminToken, call, clearRateLimits, closeDb, registerCustomer, type Customer } from './helpers';

const shopEnv = parseEnv({ ...process.env, NODE_ENV: 'production' });

/** Every configured secret worth looking for (short demo values would match ordinary words). */
function secrets(): string[] {
  const found = [
    shopEnv.AUTH_SECRET,
    shopEnv.S3_SECRET_ACCESS_KEY,
    shopEnv.STRIPE_SECRET_KEY,
    shopEnv.STRIPE_WEBHOOK_SECRET,
    shopEnv.ADMIN_PASSWORD,
    shopEnv.TOTP_ENCRYPTION_KEY,
    process.env.SMTP_URL,
  ];
  if (shopEnv.DATABASE_URL) {
    const db = new URL(shopEnv.DATABASE_URL);
    found.push(shopEnv.DATABASE_URL, `${db.username}:${db.password}@`, db.password);
  }
  return found.filter((s): s is string => typeof s === 'string' && s.length >= 6);
}

// Storage keys of paid files, staging keys, the private bucket, and presigned-URL parameters.
const LEAKS = [
  /files\/[a-z0-9]+\//i,
  /staging\//,
  /X-Amz-(Signature|Credential)/i,
  /AWSAccessKeyId|Signature=/,
  new RegExp(`/${shopEnv.S3_BUCKET}/`),
  /"file_paths?"/,
  /storageKey|storage_key/,
];

function expectClean(where: string, text: string) {
  for (const pattern of LEAKS) expect(pattern.test(text), `${where} matches ${pattern}`).toBe(false);
  for (const secret of secrets()) expect(text.includes(secret), `${where} contains a secret (${secret.slice(0, 3)}…)`).toBe(false);
}

let products: ProductResponse[];
let bundles: BundleResponse[];

beforeAll(async () => {
  expect(secrets().length).toBeGreaterThanOrEqual(2);
  products = await listProducts('?limit=500');
  bundles = expectShape(z.array(bundleResponse), (await call('GET', '/api/bundles')).body);
});

afterAll(async () => {
  // Checkouts, registrations and downloads from this address count for the browser tests that follow.
  await clearRateLimits('checkout', 'register', 'download', 'forgot');
  await closeDb();
});

describe('public responses', () => {
  it('the catalogue API: lists, single items, categories, banner', async () => {
    const paths = [
      '/api/products?limit=500',
      '/api/bundles',
      '/api/categories',
      '/api/tags',
      '/api/settings/banner',
      ...products.slice(0, 10).map((p) => `/api/products/${p.id}`),
      ...bundles.map((b) => `/api/bundles/${b.id}`),
    ];
    for (const path of paths) {
      const res = await call('GET', path);
      expect(res.status, path).toBe(200);
      expectClean(path, res.text);
    }
  });

  it('the pages: home, listing, product and bundle pages, sitemap, robots', async () => {
    const paths = [
      '/',
      '/products',
      '/products?category=Clip%20Art',
      '/sitemap.xml',
      '/robots.txt',
      '/cart',
      '/login',
      ...products.slice(0, 6).map((p) => `/product/${p.id}`),
      ...bundles.map((b) => `/product/${b.id}`),
    ];
    for (const path of paths) {
      const res = await call('GET', path);
      expect(res.status, path).toBe(200);
      expectClean(path, res.text);
    }
  });

  it('error bodies', async () => {
    const replies = [
      await call('GET', '/api/products/doesnotexist000'),
      await call('GET', '/api/products?limit=abc'),
      await call('GET', '/api/no/such/thing'),
      await call('GET', '/api/download/cs_test_doesnotexist00/x'),
      await call('POST', '/api/checkout/session', { json: [{ product_id: 'doesnotexist000' }] }),
      await call('POST', '/api/webhooks/stripe', { headers: { 'stripe-signature': 't=1,v1=deadbeef' }, body: '{"id":"evt_x"}' }),
      await call('GET', '/api/media/files/anything.png'),
      await call('GET', '/product/doesnotexist000'),
    ];
    for (const reply of replies) {
      expect(reply.status).toBeLessThan(500);
      expectClean(`error ${reply.status}`, reply.text);
    }
  });

  it('image URLs point at public previews, never at the private bucket', () => {
    for (const item of [...products, ...bundles]) {
      for (const url of [item.image_path, item.thumbnail_url]) {
        if (url) expect(url, item.id).toMatch(/\/media\/|\/api\/media\//);
      }
    }
  });
});

describe('the server log', () => {
  let customer: Customer;
  const tokens: string[] = [];

  beforeAll(async () => {
    expect(process.env.SHOP_LOG_FILE, 'SHOP_LOG_FILE is set by `npm test`').toBeTruthy();
    customer = await registerCustomer('logs');
    tokens.push(customer.token, await adminToken());
    // A paid order and a download: the presigned URL must not reach the log.
    const checkout = await call('POST', '/api/checkout/session', { headers: customer.auth, json: [{ product_id: products[0].id }] });
    const sessionId = (checkout.body as { session_id: string }).session_id;
    expect((await call('POST', `/api/checkout/test/${sessionId}/complete`, { headers: customer.auth, json: {} })).status).toBe(200);
    const download = await call('GET', `/api/download/${sessionId}/${products[0].id}`, { headers: customer.auth });
    expect(download.status).toBe(302);
    const presigned = new URL(download.headers.get('location')!);
    tokens.push(presigned.searchParams.get('X-Amz-Signature') ?? presigned.search);
    // Failed sign-ins carry passwords; a reset request mails a token.
    await call('POST', '/api/auth/user-login', { form: { email: customer.email, password: 'wrong password here' } });
    await call('POST', '/api/auth/login', { form: { username: 'admin', password: 'not-the-admin-password' } });
    await call('POST', '/api/auth/forgot-password', { form: { email: customer.email } });
    tokens.push(await resetToken(customer.email));
    // Tokens sent where they are not wanted must not be echoed either.
    await call('GET', '/api/no/such/thing', { headers: { authorization: `Bearer ${customer.token}` } });
    await new Promise((r) => setTimeout(r, 500));
  });

  it('holds no token, password, presigned URL or secret', () => {
    const log = readFileSync(process.env.SHOP_LOG_FILE as string, 'utf8');
    expect(log).toMatch(/Shop listening on/);
    for (const [i, token] of tokens.entries()) expect(log.includes(token), `token #${i} is in the log`).toBe(false);
    for (const password of ['correct horse battery', 'wrong password here', 'not-the-admin-password']) expect(log.includes(password), password).toBe(false);
    expect(log).not.toMatch(/X-Amz-Signature|X-Amz-Credential/i);
    for (const secret of secrets()) expect(log.includes(secret), `a secret (${secret.slice(0, 3)}…) is in the log`).toBe(false);
  });
});

async function resetToken(address: string): Promise<string> {
  const dir = process.env.MAIL_DIR as string;
  const deadline = Date.now() + 15_000;
  while (Date.now() < deadline) {
    for (const name of existsSync(dir) ? readdirSync(dir).filter((n) => n.endsWith('.json')) : []) {
      const mail = JSON.parse(readFileSync(join(dir, name), 'utf8')) as { to: string[]; text: string };
      const token = /reset-password\?token=([A-Za-z0-9_-]+)/.exec(mail.text)?.[1];
      if (token && mail.to.includes(address)) return token;
    }
    await new Promise((r) => setTimeout(r, 250));
  }
  throw new Error(`No reset email to ${address}`);
}
