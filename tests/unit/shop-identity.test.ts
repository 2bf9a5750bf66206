// The shop's identity and pages (Decision 093): the built-in values equal the
// migration's column defaults (what an owner who never opens Settings → Shop
// gets), the default banner names the social handle, the default refund policy
// states consumer-law rights, and a page's Markdown cannot carry script.
import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { defaultBanner, DEFAULT_BANNER, splitBanner } from '@/lib/banner';
import { shopIdentitySchema, shopPageSchema } from '@/lib/contract/shop-identity';
import { DEFAULT_PAGES, DEFAULT_SHOP_IDENTITY } from '@/lib/domain/shop-identity/defaults';
import { markdownToSafeHtml } from '@/lib/infra/markdown';
import { SHOP_PAGES, isShopPageSlug } from '@/lib/shop-pages';

const MIGRATIONS = join(process.cwd(), 'prisma', 'migrations');

/** Column → default of the ShopIdentity table as its migration creates it. */
function migrationDefaults(): Record<string, string | null> {
  const folder = readdirSync(MIGRATIONS).find((name) => name.endsWith('_shop_identity'))!;
  const sql = readFileSync(join(MIGRATIONS, folder, 'migration.sql'), 'utf8');
  const table = /CREATE TABLE "ShopIdentity" \(([\s\S]*?)\n\);/.exec(sql)![1];
  const columns: Record<string, string | null> = {};
  for (const match of table.matchAll(/^\s+"(\w+)" \w+(?:\(\d+\))?( NOT NULL)?(?: DEFAULT (?:'((?:[^']|'')*)'|\d+))?,$/gm)) {
    columns[match[1]] = match[3] === undefined ? null : match[3].replace(/''/g, "'");
  }
  return columns;
}

describe('built-in identity', () => {
  it('is exactly what the migration gives the row, column by column', () => {
    const columns = migrationDefaults();
    expect(Object.keys(DEFAULT_SHOP_IDENTITY).sort()).toEqual(
      Object.keys(columns)
        .filter((c) => !['id', 'updatedAt'].includes(c))
        .sort(),
    );
    for (const [column, value] of Object.entries(DEFAULT_SHOP_IDENTITY)) expect([column, columns[column]]).toEqual([column, value]);
  });

  it('keeps the shop as it shipped: name, hero headline, footer line', () => {
    expect(DEFAULT_SHOP_IDENTITY.name).toBe('Pixel Press Studio');
    expect(DEFAULT_SHOP_IDENTITY.heroHeadline).toBe('Print-ready designs, instantly yours');
    expect(DEFAULT_SHOP_IDENTITY.footerLine).toBe('All rights reserved.');
  });

  it('gives the default banner the same follow line as before', () => {
    expect(defaultBanner(DEFAULT_SHOP_IDENTITY.socialHandle)).toBe(DEFAULT_BANNER);
    expect(splitBanner(DEFAULT_BANNER)[1]).toBe('FOLLOW ME ON TIKTOK @PIXELPRESSSTUDIO');
  });

  it('names another handle in the banner, and leaves the follow line out without one', () => {
    expect(splitBanner(defaultBanner('@paper.moon'))[1]).toBe('FOLLOW ME ON TIKTOK @PAPER.MOON');
    expect(splitBanner(defaultBanner(''))).toEqual(['INSTANT ACCESS TO DIGITAL DOWNLOADS', 'WANT TO LEARN HOW TO DESIGN? JOIN OUR SKOOL']);
  });
});

describe('built-in pages', () => {
  it('has a text for each of the four pages, at stable slugs', () => {
    expect(SHOP_PAGES.map((p) => p.slug)).toEqual(['about', 'refund-policy', 'privacy', 'contact']);
    for (const { slug } of SHOP_PAGES) expect(DEFAULT_PAGES[slug].trim().length).toBeGreaterThan(50);
    expect(isShopPageSlug('terms')).toBe(false);
    expect(isShopPageSlug('__proto__')).toBe(false);
  });

  it('states Australian Consumer Law rights in the refund policy, never "no refunds"', () => {
    const policy = DEFAULT_PAGES['refund-policy'];
    expect(policy).toContain('Australian Consumer Law');
    expect(policy).toMatch(/major failure/);
    expect(policy).toMatch(/refund or a replacement/);
    expect(policy).not.toMatch(/no refunds?\b/i);
    expect(policy).not.toMatch(/non-refundable/i);
  });
});

describe('page Markdown', () => {
  it('renders the owner’s Markdown with a <script> in it as text, never as script', () => {
    const html = markdownToSafeHtml(`${DEFAULT_PAGES.about}\n\n<script>alert(document.cookie)</script>\n\n<img src=x onerror=alert(1)>`);
    expect(html).toContain('<h2>About us</h2>');
    expect(html).not.toMatch(/<script|<img/i);
    expect(html).toContain('&lt;script&gt;');
  });

  it('bounds a page at 20,000 characters and refuses an empty one', () => {
    expect(shopPageSchema.safeParse({ markdown: 'x'.repeat(20_000) }).success).toBe(true);
    expect(shopPageSchema.safeParse({ markdown: 'x'.repeat(20_001) }).success).toBe(false);
    expect(shopPageSchema.safeParse({ markdown: '  \n ' }).success).toBe(false);
  });
});

describe('Settings → Shop input', () => {
  it('takes a handle with or without its @, and refuses one with spaces or markup', () => {
    const base = { name: 'Paper Moon', hero_headline: 'Hello' };
    expect(shopIdentitySchema.parse({ ...base, social_handle: '@paper.moon' }).social_handle).toBe('paper.moon');
    expect(shopIdentitySchema.parse({ ...base, social_handle: 'paper_moon' }).social_handle).toBe('paper_moon');
    expect(shopIdentitySchema.safeParse({ ...base, social_handle: 'paper moon' }).success).toBe(false);
    expect(shopIdentitySchema.safeParse({ ...base, social_handle: '<b>x</b>' }).success).toBe(false);
  });

  it('requires a name and a headline, bounds every field, and checks the contact email', () => {
    expect(shopIdentitySchema.safeParse({ name: ' ', hero_headline: 'Hello' }).success).toBe(false);
    expect(shopIdentitySchema.safeParse({ name: 'x'.repeat(81), hero_headline: 'Hello' }).success).toBe(false);
    expect(shopIdentitySchema.safeParse({ name: 'Shop', hero_headline: 'Hello', footer_line: 'x'.repeat(201) }).success).toBe(false);
    expect(shopIdentitySchema.safeParse({ name: 'Shop', hero_headline: 'Hello', contact_email: 'not an email' }).success).toBe(false);
    expect(shopIdentitySchema.parse({ name: ' Shop ', hero_headline: 'Hello' })).toEqual({
      name: 'Shop',
      hero_headline: 'Hello',
      hero_text: '',
      social_handle: '',
      contact_email: '',
      footer_line: '',
    });
  });
});
