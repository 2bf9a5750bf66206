// Settings → Shop and Settings → Pages over HTTP against the production build
// (Decision 093): the contract of each route, and a save reaching pages that
// were already in the page cache at once: the same cached page read before and
// after, with nothing else changed in between.
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { shopIdentityResponse, shopPageResponse } from '@/lib/contract/shop-identity';
import { adminToken, call, closeDb, sql, unique } from '../security/helpers';
import { expectError, expectShape, listProducts } from './helpers';

const SHOP = '/api/admin/settings/shop';
const DEFAULTS = {
  name: 'Pixel Press Studio',
  hero_headline: 'Print-ready designs, instantly yours',
  hero_text: 'Sublimation designs, clip art, wall art and money-saving bundles. Pay in AUD, download in seconds.',
  social_handle: 'pixelpressstudio',
  contact_email: '',
  footer_line: 'All rights reserved.',
};

let admin: Record<string, string>;
const cacheState = (reply: { headers: Headers }) => reply.headers.get('x-nextjs-cache');

/** Reads a page until the page cache serves it (the first read may render it). */
async function cachedPage(path: string) {
  await call('GET', path);
  const reply = await call('GET', path);
  expect(reply.status, path).toBe(200);
  expect(cacheState(reply), path).toBe('HIT');
  return reply;
}

function multipartImage(bytes: Buffer, type: string, filename: string) {
  const body = new FormData();
  body.append('image', new Blob([new Uint8Array(bytes)], { type }), filename);
  return body;
}

beforeAll(async () => {
  admin = { authorization: `Bearer ${await adminToken()}` };
});

// The browser tests that run next read the shop as it shipped.
afterAll(async () => {
  expect((await call('PUT', SHOP, { headers: admin, json: DEFAULTS })).status).toBe(200);
  for (const kind of ['logo', 'hero']) expect((await call('DELETE', `${SHOP}/images/${kind}`, { headers: admin })).status).toBe(200);
  await sql('DELETE FROM "ShopPage"');
  await closeDb();
});

describe('GET /api/admin/settings/shop', () => {
  it('answers the identity the shop shipped with while nothing was saved', async () => {
    const reply = await call('GET', SHOP, { headers: admin });
    expect(reply.status, reply.text).toBe(200);
    expect(expectShape(shopIdentityResponse, reply.body)).toEqual({ ...DEFAULTS, logo_url: null, hero_image_url: null });
    expect(reply.headers.get('cache-control')).toContain('no-store');
  });
});

describe('a save reaches every cached page at once', () => {
  it('shows the new name, headline and footer line on pages read from the cache just before', async () => {
    const [product] = await listProducts('?limit=1');
    const paths = ['/', `/product/${product.id}`, '/pages/about'];
    for (const path of paths) {
      const before = await cachedPage(path);
      expect(before.text, path).toContain('Copyright 2025 Pixel Press Studio. All rights reserved.');
    }
    const name = `Paper Moon ${unique()}`;
    const saved = await call('PUT', SHOP, {
      headers: admin,
      json: { ...DEFAULTS, name, hero_headline: 'Stickers for every planner', footer_line: 'Made in Hobart.' },
    });
    expect(saved.status, saved.text).toBe(200);
    expect(expectShape(shopIdentityResponse, saved.body)).toMatchObject({ name, hero_headline: 'Stickers for every planner', footer_line: 'Made in Hobart.' });
    for (const path of paths) {
      const after = await call('GET', path);
      expect(after.status, path).toBe(200);
      expect(after.text, path).toContain(`Copyright 2025 ${name}. Made in Hobart.`);
      expect(after.text, path).not.toContain('Pixel Press Studio');
    }
    const home = await call('GET', '/');
    expect(home.text).toContain('Stickers for every planner');
    expect(home.text).toContain(`<title>${name} | Print-ready designs`);
  });

  it('names the saved social handle in the default banner', async () => {
    await sql(`DELETE FROM "Setting" WHERE key = 'banner'`).catch(() => undefined);
    const saved = await call('PUT', SHOP, { headers: admin, json: { ...DEFAULTS, social_handle: '@paper.moon' } });
    expect(saved.status, saved.text).toBe(200);
    expect((saved.body as { social_handle: string }).social_handle).toBe('paper.moon');
    const banner = await call('GET', '/api/settings/banner');
    expect(banner.body).toMatchObject({ message: expect.stringContaining('FOLLOW ME ON TIKTOK @PAPER.MOON') });
    // The seeded banner, as the browser tests expect it.
    expect(
      (
        await call('POST', '/api/settings/banner', {
          headers: admin,
          form: { message: (banner.body as { message: string }).message.replace('@PAPER.MOON', '@PIXELPRESSSTUDIO') },
        })
      ).status,
    ).toBe(200);
  });

  it('shows a saved page, in place of the cached built-in text', async () => {
    const before = await cachedPage('/pages/refund-policy');
    expect(before.text).toContain('Australian Consumer Law');
    const markdown = `## Our promise ${unique()}\n\nFaulty files are replaced or refunded.`;
    const saved = await call('PUT', '/api/admin/settings/pages/refund-policy', { headers: admin, json: { markdown } });
    expect(saved.status, saved.text).toBe(200);
    expect(expectShape(shopPageResponse, saved.body)).toMatchObject({ slug: 'refund-policy', markdown, customised: true, path: '/pages/refund-policy' });
    const after = await call('GET', '/pages/refund-policy');
    expect(after.text).toContain(`<h2>${markdown.slice(3, markdown.indexOf('\n'))}</h2>`);
    expect(after.text).toContain('Faulty files are replaced or refunded.');
  });
});

describe('GET and PUT /api/admin/settings/pages/{slug}', () => {
  it('answers a page never saved with its built-in text', async () => {
    const reply = await call('GET', '/api/admin/settings/pages/privacy', { headers: admin });
    expect(reply.status, reply.text).toBe(200);
    expect(expectShape(shopPageResponse, reply.body)).toMatchObject({ slug: 'privacy', title: 'Privacy', customised: false, updated_at: null });
  });

  it('answers another slug 404 and a bad body 400, in the one error shape', async () => {
    expectError(await call('GET', '/api/admin/settings/pages/licence-terms', { headers: admin }), 404, 'not_found');
    expectError(await call('PUT', '/api/admin/settings/pages/about', { headers: admin, json: { markdown: '' } }), 400, 'invalid_request');
    expectError(await call('PUT', '/api/admin/settings/pages/about', { headers: admin, json: { markdown: 'x'.repeat(20_001) } }), 400, 'invalid_request');
    expectError(await call('PUT', '/api/admin/settings/pages/about', { headers: admin, json: { text: 'hi' } }), 400, 'invalid_request');
  });

  it('lists the pages in the sitemap and answers an unknown page 404', async () => {
    const sitemap = await call('GET', '/sitemap-pages.xml');
    for (const slug of ['about', 'refund-policy', 'privacy', 'contact']) expect(sitemap.text).toContain(`/pages/${slug}</loc>`);
    expect((await call('GET', '/pages/terms')).status).toBe(404);
  });
});

describe('PUT /api/admin/settings/shop refusals', () => {
  it('refuses a missing name, a bad email and a handle with spaces with 400 and fields, saving nothing', async () => {
    for (const [json, field] of [
      [{ ...DEFAULTS, name: '' }, 'name'],
      [{ ...DEFAULTS, contact_email: 'not-an-email' }, 'contact_email'],
      [{ ...DEFAULTS, social_handle: 'two words' }, 'social_handle'],
    ] as const) {
      const refused = await call('PUT', SHOP, { headers: admin, json });
      expectError(refused, 400, 'invalid_request');
      expect((refused.body as { fields: Record<string, unknown> }).fields).toHaveProperty(field);
    }
  });
});

describe('POST /api/admin/settings/shop/images/{kind}', () => {
  it('stores a logo as WebP in the media bucket and shows it in the bar of every page', async () => {
    const png = await sharp({ create: { width: 600, height: 200, channels: 4, background: '#be123c' } })
      .png()
      .toBuffer();
    const reply = await call('POST', `${SHOP}/images/logo`, { headers: admin, body: multipartImage(png, 'image/png', 'logo.png') });
    expect(reply.status, reply.text).toBe(200);
    const logo = expectShape(shopIdentityResponse, reply.body).logo_url!;
    expect(logo).toMatch(/^\/api\/media\/shop\/logo-[0-9a-f]{8}\.webp$/);
    const image = await fetch(`${process.env.SHOP_URL}${logo}`);
    expect(image.headers.get('content-type')).toBe('image/webp');
    const { width, height } = await sharp(Buffer.from(await image.arrayBuffer())).metadata();
    expect([width, height]).toEqual([480, 160]);
    expect((await call('GET', '/pages/contact')).text).toContain(`src="${logo}"`);
  });

  it('refuses SVG with 415 and another kind with 404, keeping the logo', async () => {
    const svg = Buffer.from('<svg xmlns="http://www.w3.org/2000/svg"><script>alert(1)</script></svg>');
    expectError(
      await call('POST', `${SHOP}/images/logo`, { headers: admin, body: multipartImage(svg, 'image/png', 'logo.png') }),
      415,
      'unsupported_media_type',
    );
    expectError(await call('POST', `${SHOP}/images/favicon`, { headers: admin, body: multipartImage(svg, 'image/png', 'x.png') }), 404, 'not_found');
    expect(((await call('GET', SHOP, { headers: admin })).body as { logo_url: string | null }).logo_url).not.toBeNull();
  });
});
