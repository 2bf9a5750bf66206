// Newsletters and the cart restore link (Decision 096): which customers a
// segment reaches (always only those who consented), the email a newsletter
// renders to (the owner's Markdown sanitised, catalogue values escaped), and
// the signed link that restores an abandoned cart.
import { describe, expect, it } from 'vitest';
import { cartRestoreToken, readCartRestoreToken, RESTORE_LINK_DAYS } from '@/lib/domain/abandoned-checkouts';
import { unsubscribeToken } from '@/lib/domain/marketing';
import { parseSegment, renderNewsletter, segmentName, segmentRecipientsSql, type FeaturedProduct, type Segment } from '@/lib/domain/newsletters';

const SITE = 'https://shop.example';
const NOW = new Date('2026-11-27T10:00:00Z');
const DAY_MS = 86_400_000;

const product = (over: Partial<FeaturedProduct> = {}): FeaturedProduct => ({
  id: 'prod1',
  title: 'Floral Frames',
  imagePath: '/uploads/floral.webp',
  priceCents: 1200,
  onSale: false,
  salePriceCents: null,
  saleStart: null,
  saleEnd: null,
  ...over,
});

describe('newsletter segments', () => {
  it('reads the four kinds and writes each back as it was given', () => {
    for (const value of ['all', 'members', 'never_bought', 'category:Clip Art']) expect(segmentName(parseSegment(value)!)).toBe(value);
    expect(parseSegment('category:Clip Art')).toEqual({ kind: 'category', name: 'Clip Art' });
  });

  it('refuses anything else', () => {
    for (const value of ['', 'everyone', 'ALL', 'category:', 'category:   ', `category:${'x'.repeat(101)}`]) expect(parseSegment(value), value).toBeNull();
  });

  it('limits every segment to customers who consented to the newsletter, with a real address', () => {
    const segments: Segment[] = [{ kind: 'all' }, { kind: 'members' }, { kind: 'never_bought' }, { kind: 'category', name: 'Clip Art' }];
    for (const segment of segments) {
      const query = segmentRecipientsSql(segment, NOW);
      expect(query.text, segment.kind).toMatch(/FROM "EmailPreference" p WHERE p\."userId" = u\.id AND p\.category = \$\d+::"EmailCategory"\), \$\d+\)/);
      // The category bound is 'newsletter' and its default (no row) is false: no row, no newsletter.
      const at = query.values.indexOf('newsletter');
      expect(at, segment.kind).toBeGreaterThanOrEqual(0);
      expect(query.values[at + 1], segment.kind).toBe(false);
      expect(query.text).toContain('u."anonymisedAt" IS NULL AND u."blockedAt" IS NULL');
    }
  });

  it("reaches guests' addresses by their latest consent record, only those without an account, and never for members", () => {
    const segments: Segment[] = [{ kind: 'all' }, { kind: 'never_bought' }, { kind: 'category', name: 'Clip Art' }];
    for (const segment of segments) {
      const text = segmentRecipientsSql(segment, NOW).text;
      expect(text, segment.kind).toContain('NOT EXISTS (SELECT 1 FROM "User" a WHERE a.email = g.email)');
      expect(text, segment.kind).toMatch(
        /SELECT c\.given FROM "ConsentRecord" c WHERE c\.email = g\.email AND c\.category = \$\d+::"EmailCategory" ORDER BY c\."createdAt" DESC/,
      );
    }
    expect(segmentRecipientsSql({ kind: 'never_bought' }, NOW).text).toContain('o."userId" IS NULL AND o."customerEmail" = g.email');
    const members = segmentRecipientsSql({ kind: 'members' }, NOW).text;
    expect(members.slice(members.indexOf('UNION ALL'))).toMatch(/AND FALSE\s*$/);
  });

  it('passes a category name as a bound value, never as SQL', () => {
    const name = `Clip Art'); DELETE FROM "User"; --`;
    const query = segmentRecipientsSql({ kind: 'category', name }, NOW);
    expect(query.values).toContain(name);
    expect(query.text).not.toContain('DELETE');
    expect(query.text).toContain('c.name = $');
  });

  it('picks members by an active membership and non-buyers by the absence of a paid order', () => {
    expect(segmentRecipientsSql({ kind: 'members' }, NOW).text).toMatch(/EXISTS \(SELECT 1 FROM "Membership" m WHERE m\."userId" = u\.id AND m\.status IN/);
    expect(segmentRecipientsSql({ kind: 'members' }, NOW).values).toContain(NOW);
    expect(segmentRecipientsSql({ kind: 'never_bought' }, NOW).text).toMatch(
      /NOT EXISTS \(SELECT 1 FROM "Order" o WHERE o\."userId" = u\.id AND o\."fulfilledAt" IS NOT NULL/,
    );
    expect(segmentRecipientsSql({ kind: 'all' }, NOW).text).not.toContain('"Order"');
  });
});

describe('renderNewsletter', () => {
  it('renders the Markdown to HTML, keeps it as written for the text part, and adds product cards with price and link', () => {
    const email = renderNewsletter({ subject: 'Spring', markdown: '# New in\n\nFresh **frames**.', products: [product()], site: SITE, now: NOW });
    expect(email.html).toContain('<h1>New in</h1>');
    expect(email.html).toContain('<strong>frames</strong>');
    expect(email.html).toContain(`<a href="${SITE}/product/prod1">Floral Frames</a>`);
    expect(email.html).toContain(`<img src="${SITE}/api/uploads/floral.webp"`);
    expect(email.html).toContain('12.00 AUD');
    expect(email.text).toBe(`# New in\n\nFresh **frames**.\n\nFloral Frames: 12.00 AUD\n${SITE}/product/prod1`);
  });

  it('shows a sale price beside the regular one while the sale runs', () => {
    const onSale = product({ onSale: true, salePriceCents: 600, saleStart: new Date(NOW.getTime() - DAY_MS), saleEnd: new Date(NOW.getTime() + DAY_MS) });
    const email = renderNewsletter({ subject: 'Sale', markdown: 'Sale!', products: [onSale], site: SITE, now: NOW });
    expect(email.text).toContain('Floral Frames: 6.00 AUD (was 12.00 AUD)');
  });

  it('lets nothing the owner writes, or a product title, run as script in a mail client', () => {
    const markdown = [
      '<script>alert(1)</script>',
      '<img src=x onerror=alert(1)>',
      '[x](javascript:alert(1))',
      '<a href="https://evil.example" onclick="x()">y</a>',
    ].join('\n\n');
    const hostile = product({ title: '<img src=x onerror=alert(1)>"><script>alert(2)</script>', id: 'p"onmouseover' });
    const { html } = renderNewsletter({ subject: 'x', markdown, products: [hostile], site: SITE, now: NOW });
    expect(html).not.toMatch(/<script|href="javascript:/i);
    expect(html).not.toMatch(/<[^>]+\son\w+=/i);
    expect(html).toContain('&lt;img src=x onerror=alert(1)&gt;&quot;&gt;&lt;script&gt;');
  });
});

describe('cart restore tokens', () => {
  it('name the order they were made for until they expire', () => {
    const token = cartRestoreToken('order123', NOW);
    expect(readCartRestoreToken(token, NOW)).toBe('order123');
    expect(readCartRestoreToken(token, new Date(NOW.getTime() + (RESTORE_LINK_DAYS - 1) * DAY_MS))).toBe('order123');
    expect(readCartRestoreToken(token, new Date(NOW.getTime() + (RESTORE_LINK_DAYS + 1) * DAY_MS))).toBeNull();
  });

  it('cannot be pointed at another order or given a longer life', () => {
    const [version, , expiry, mac] = cartRestoreToken('order123', NOW).split('.');
    const otherOrder = [version, Buffer.from('order999').toString('base64url'), expiry, mac].join('.');
    expect(readCartRestoreToken(otherOrder, NOW)).toBeNull();
    const later = [version, Buffer.from('order123').toString('base64url'), (parseInt(expiry, 36) + 86_400 * 365).toString(36), mac].join('.');
    expect(readCartRestoreToken(later, NOW)).toBeNull();
  });

  it('refuses other signed tokens of the shop, and junk', () => {
    expect(readCartRestoreToken(unsubscribeToken('order123', 'newsletter'), NOW)).toBeNull();
    for (const junk of ['', 'r1', 'r1...', 'r1.b3JkZXI.zz.AAAA', `r1.${'a'.repeat(400)}`]) expect(readCartRestoreToken(junk, NOW), junk).toBeNull();
  });
});
