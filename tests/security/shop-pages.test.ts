// docs/security.md N3 and the upload rules for Settings → Shop and Pages (Decision 093):
// only the admin reads or changes them, the owner's page Markdown reaches the
// public page through the allow-list sanitiser (raw HTML off), and the logo and
// hero go through every image check an upload passes.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { MAX_IMAGE_BYTES } from '@/lib/upload-limits';
import { adminToken, call, closeDb, expectErrorShape, registerCustomer, sql, type Customer } from './helpers';

const ROUTES = [
  ['GET', '/api/admin/settings/shop'],
  ['PUT', '/api/admin/settings/shop'],
  ['POST', '/api/admin/settings/shop/images/logo'],
  ['DELETE', '/api/admin/settings/shop/images/hero'],
  ['GET', '/api/admin/settings/pages/about'],
  ['PUT', '/api/admin/settings/pages/about'],
] as const;

let admin: Record<string, string>;
let customer: Customer;

beforeAll(async () => {
  admin = { authorization: `Bearer ${await adminToken()}` };
  customer = await registerCustomer('shop-pages');
});

afterAll(async () => {
  await sql(`DELETE FROM "ShopPage"`);
  await call('DELETE', '/api/admin/settings/shop/images/logo', { headers: admin });
  await closeDb();
});

describe('who may change the shop', () => {
  it('refuses a visitor and a signed-in customer with 401, changing nothing', async () => {
    const before = await sql(`SELECT * FROM "ShopIdentity"`);
    for (const [method, path] of ROUTES) {
      for (const headers of [{}, customer.auth]) {
        const reply = await call(method, path, { headers, json: method === 'PUT' ? { name: 'Hijacked', hero_headline: 'x', markdown: 'x' } : undefined });
        expectErrorShape(reply, 401);
      }
    }
    expect(await sql(`SELECT * FROM "ShopIdentity"`)).toEqual(before);
    expect(await sql(`SELECT * FROM "ShopPage"`)).toEqual([]);
  });
});

describe('Markdown pages', () => {
  const hostile = [
    '## Privacy, honestly',
    '<script>alert(document.cookie)</script>',
    '<img src=x onerror="alert(1)">',
    '<iframe src="https://evil.example"></iframe>',
    '[click me](javascript:alert(1))',
    '<a href="javascript:alert(2)" onclick="alert(3)">raw link</a>',
    '[our policy](https://example.com/policy)',
  ].join('\n\n');

  it('renders no script, event handler, frame or javascript: link on the public page, and keeps the harmless Markdown', async () => {
    const saved = await call('PUT', '/api/admin/settings/pages/privacy', { headers: admin, json: { markdown: hostile } });
    expect(saved.status, saved.text).toBe(200);
    const page = await call('GET', '/pages/privacy');
    expect(page.status).toBe(200);
    const text = page.text.slice(page.text.indexOf('data-testid="shop-page-text"'));
    expect(text).toContain('<h2>Privacy, honestly</h2>');
    expect(text).toMatch(/<a href="https:\/\/example\.com\/policy"[^>]*>our policy<\/a>/);
    expect(text).not.toMatch(/<script>alert/i);
    expect(text).not.toMatch(/<img[^>]*onerror/i);
    expect(text).not.toMatch(/<iframe/i);
    expect(text).not.toMatch(/<a[^>]*href="(javascript|data):/i);
    expect(text).not.toMatch(/<a[^>]*onclick/i);
  });
});

describe('logo and hero uploads', () => {
  const upload = (kind: string, bytes: Buffer, type = 'image/png') => {
    const body = new FormData();
    body.append('image', new Blob([new Uint8Array(bytes)], { type }), 'upload.png');
    return call('POST', `/api/admin/settings/shop/images/${kind}`, { headers: admin, body });
  };
  const PNG_SIGNATURE = Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]);

  it('refuses SVG, a PNG header hiding markup and a file that only starts like a PNG, with 415', async () => {
    for (const bytes of [
      Buffer.from('<svg xmlns="http://www.w3.org/2000/svg" onload="alert(1)"/>'),
      Buffer.concat([PNG_SIGNATURE, Buffer.from('<html><script>alert(1)</script></html>')]),
      Buffer.concat([PNG_SIGNATURE, Buffer.alloc(64)]),
    ]) {
      const reply = await upload('logo', bytes);
      expectErrorShape(reply, 415);
    }
    expect((await sql<{ logoPath: string | null }>(`SELECT "logoPath" FROM "ShopIdentity"`))[0].logoPath).toBeNull();
  });

  it('refuses an image over the size limit with 413 before storing anything', async () => {
    const reply = await upload('hero', Buffer.concat([PNG_SIGNATURE, Buffer.alloc(MAX_IMAGE_BYTES + 1024 * 1024)]));
    expectErrorShape(reply, 413);
    expect((await sql<{ heroImagePath: string | null }>(`SELECT "heroImagePath" FROM "ShopIdentity"`))[0].heroImagePath).toBeNull();
  });
});
