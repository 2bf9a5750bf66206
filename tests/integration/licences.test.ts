// Licences on real Postgres and S3, in test payment mode (Decisions 081, 082):
// checkout per tier (members included), upgrades by paying the difference (a
// $0 one completing at once), and revocation derived from the line's refund or
// dispute, a won dispute restoring it. Terms, tier files and certificates:
// licence-terms-files.test.ts.
import { randomBytes } from 'node:crypto';
import { beforeAll, describe, expect, it } from 'vitest';
import { createFixtures } from '../support/fixtures';
import { errorOf, licenceShop } from '../support/licence-shop';
import { pdfText } from '../support/pdf-text';

const SITE_URL = 'http://shop.test:3000';
process.env.SITE_URL = SITE_URL;
delete process.env.STRIPE_SECRET_KEY;

const fx = createFixtures('Lic');

let shop: Awaited<ReturnType<typeof licenceShop>>;
let app: typeof shop.app;
const buy: typeof shop.buy = (...args) => shop.buy(...args);
const licenceOf: typeof shop.licenceOf = (...args) => shop.licenceOf(...args);
const tierKey: typeof shop.tierKey = (...args) => shop.tierKey(...args);

beforeAll(async () => {
  shop = await licenceShop(SITE_URL);
  app = shop.app;
});

describe('the default tiers', () => {
  it('exist after migration: Personal at the price, Commercial 2 ×, Extended 5 ×, each with version 1 of its terms', async () => {
    const tiers = await app.listTiers();
    expect(tiers.map((t) => [t.key, t.priceBasisPoints, t.termsVersion, t.retired])).toEqual([
      ['personal', 10_000, 1, false],
      ['commercial', 20_000, 1, false],
      ['extended', 50_000, 1, false],
    ]);
    expect(await app.getMemberTierKey()).toBe('commercial');
  });
});

describe('checkout per tier', () => {
  it('sells the default tier to a client that names none, at the item price, and issues a licence with the terms version', async () => {
    const product = await fx.product({ priceCents: 1250 });
    const { sessionId, order } = await buy([{ productId: product.id }], { holderName: 'Ada Lovelace' });
    expect(order.items[0]).toMatchObject({ priceCents: 1250, termsVersion: 1, memberDiscountCents: 0 });
    const licence = await licenceOf(sessionId, product.id);
    expect(licence).toMatchObject({ holderName: 'Ada Lovelace', status: 'valid', termsVersion: 1, paidCents: 1250 });
    expect(licence.id).toMatch(/^LIC-[A-Z2-7]{16}$/);
    expect(await tierKey(licence.tierId)).toBe('personal');
  });

  it('prices a chosen tier from the database, with the sale in proportion and a voucher on top', async () => {
    const now = Date.now();
    const product = await fx.product({
      priceCents: 1000,
      onSale: true,
      salePriceCents: 800,
      saleStart: new Date(now - 3_600_000),
      saleEnd: new Date(now + 3_600_000),
    });
    const voucher = await fx.voucher({ type: 'percentage', usageType: 'reusable', basisPoints: 1000 });
    const { order, sessionId } = await buy([{ productId: product.id, licence: 'commercial' }], { discountCode: voucher.code });
    // Commercial 2,000, on sale at 1,600 (the default tier's 20 % off); 10 % voucher off the total.
    expect(order).toMatchObject({ subtotalCents: 1600, discountCents: 160, amountCents: 1440 });
    expect(await tierKey((await licenceOf(sessionId, product.id)).tierId)).toBe('commercial');
  });

  it('uses the item’s own tier price and refuses a switched-off or unknown tier with a 400 naming the product', async () => {
    const product = await fx.product({ priceCents: 1000, title: `Own price ${fx.suffix}` });
    await app
      .db()
      .licenceTier.findMany()
      .then((tiers) =>
        app.db().licencePrice.createMany({
          data: [
            { productId: product.id, tierId: tiers.find((t) => t.key === 'extended')!.id, priceCents: 3333 },
            { productId: product.id, tierId: tiers.find((t) => t.key === 'commercial')!.id, offered: false },
          ],
        }),
      );
    const { order } = await buy([{ productId: product.id, licence: 'extended' }]);
    expect(order.items[0].priceCents).toBe(3333);
    for (const licence of ['commercial', 'no-such-tier']) {
      const error = await errorOf(buy([{ productId: product.id, licence }]));
      expect(error?.code).toBe('invalid_request');
      expect(error?.message).toContain(`Own price ${fx.suffix}`);
    }
  });

  it('names the tier on the payment page’s lines', async () => {
    const product = await fx.product({ priceCents: 700, title: `Named ${fx.suffix}` });
    const email = `lic-${randomBytes(4).toString('hex')}@example.com`;
    const { sessionId } = await app.createCheckout({
      items: [{ productId: product.id, licence: 'extended' }],
      userId: null,
      customerEmail: email,
      siteUrl: SITE_URL,
    });
    const { items } = await app.getTestCheckout(sessionId);
    expect(items.map((i) => [i.title, i.priceCents])).toEqual([[`Named ${fx.suffix} (Extended licence)`, 3500]]);
  });
});

describe('members', () => {
  it('pay nothing for the included tier and below, and the difference above it', async () => {
    const member = await fx.user({ membershipEndsAt: new Date(Date.now() + 86_400_000) });
    const [a, b, c] = await Promise.all([fx.product({ priceCents: 1000 }), fx.product({ priceCents: 1000 }), fx.product({ priceCents: 1000 })]);
    const free = await buy([{ productId: a.id }, { productId: b.id, licence: 'commercial' }], { userId: member.id });
    expect(free.freeCheckout).toBe(true);
    expect(free.order).toMatchObject({ kind: 'member', amountCents: 0, subtotalCents: 3000, discountCents: 3000 });
    const higher = await buy([{ productId: c.id, licence: 'extended' }], { userId: member.id });
    expect(higher.freeCheckout).toBe(false);
    expect(higher.order).toMatchObject({ kind: 'payment', subtotalCents: 5000, discountCents: 2000, amountCents: 3000 });
    // What was paid for that licence is the difference, not the tier's price.
    expect((await licenceOf(higher.sessionId, c.id)).paidCents).toBe(3000);
    expect((await licenceOf(free.sessionId, b.id)).holderName).toBe(member.name);
  });

  it('get the tier the owner chose as the membership’s included tier', async () => {
    const member = await fx.user({ membershipEndsAt: new Date(Date.now() + 86_400_000) });
    const product = await fx.product({ priceCents: 1000 });
    await app.updateTierSettings('admin', { memberTier: 'personal' });
    try {
      const { order } = await buy([{ productId: product.id, licence: 'commercial' }], { userId: member.id });
      expect(order).toMatchObject({ subtotalCents: 2000, discountCents: 1000, amountCents: 1000 });
    } finally {
      await app.updateTierSettings('admin', { memberTier: 'commercial' });
    }
  });
});

describe('upgrades', () => {
  it('cost the higher tier’s price minus what was paid, keep the id, and record both tiers in the history', async () => {
    const user = await fx.user();
    const product = await fx.product({ priceCents: 1000 });
    const first = await buy([{ productId: product.id }], { userId: user.id });
    const licence = await licenceOf(first.sessionId, product.id);
    const upgrade = await buy([{ productId: product.id, licence: 'extended', upgradeLicenceId: licence.id }], { userId: user.id });
    expect(upgrade.order).toMatchObject({ subtotalCents: 4000, amountCents: 4000 });
    expect(upgrade.order.items[0]).toMatchObject({ upgradeOfId: licence.id, productId: product.id });
    // The upgrade issues no licence of its own.
    expect(await app.db().licence.count({ where: { orderItem: { orderId: upgrade.order.id } } })).toBe(0);
    const after = (await app.getLicence(licence.id))!;
    expect(await tierKey(after.tierId)).toBe('extended');
    expect(after.paidCents).toBe(5000);
    expect(await Promise.all(after.history.map(async (e) => [e.kind, await tierKey(e.tierId)]))).toEqual([
      ['issued', 'personal'],
      ['upgraded', 'extended'],
    ]);
    // Its own invoice names the upgrade.
    const invoice = pdfText(Buffer.from((await app.orderInvoicePdf({ sessionId: upgrade.sessionId, userId: user.id })).body)).join('\n');
    expect(invoice).toContain(`Upgrade of licence ${licence.id} to Extended`);
  });

  it('complete at once when they cost nothing (the higher tier now on sale below what was paid)', async () => {
    const user = await fx.user();
    const product = await fx.product({ priceCents: 1000 });
    await app.db().licencePrice.create({ data: { productId: product.id, tierId: 'lt_commercial', priceCents: 1000 } });
    const first = await buy([{ productId: product.id }], { userId: user.id });
    const licence = await licenceOf(first.sessionId, product.id);
    const upgrade = await buy([{ productId: product.id, licence: 'commercial', upgradeLicenceId: licence.id }], { userId: user.id });
    expect(upgrade.freeCheckout).toBe(true);
    expect(upgrade.order.amountCents).toBe(0);
    expect(await tierKey((await app.getLicence(licence.id))!.tierId)).toBe('commercial');
  });

  it('are refused for a licence held by someone else, to the same or a lower tier, and once revoked', async () => {
    const [owner, stranger] = await Promise.all([fx.user(), fx.user()]);
    const product = await fx.product({ priceCents: 1000 });
    const first = await buy([{ productId: product.id, licence: 'commercial' }], { userId: owner.id });
    const licence = await licenceOf(first.sessionId, product.id);
    const attempt = (userId: string | null, key: string) => errorOf(buy([{ productId: product.id, licence: key, upgradeLicenceId: licence.id }], { userId }));
    expect(await attempt(stranger.id, 'extended')).toMatchObject({ code: 'invalid_request', message: expect.stringContaining('you do not hold that licence') });
    expect(await attempt(null, 'extended')).toMatchObject({ code: 'invalid_request' });
    expect(await attempt(owner.id, 'commercial')).toMatchObject({ code: 'invalid_request', message: expect.stringContaining('higher tier') });
    expect(await attempt(owner.id, 'personal')).toMatchObject({ code: 'invalid_request' });
    await app.refundOrder({ actor: 'admin', sessionId: first.sessionId });
    expect(await attempt(owner.id, 'extended')).toMatchObject({ code: 'invalid_request', message: expect.stringContaining('revoked') });
  });

  it('a refunded upgrade falls back to the tier before it', async () => {
    const user = await fx.user();
    const product = await fx.product({ priceCents: 1000 });
    const first = await buy([{ productId: product.id }], { userId: user.id });
    const licence = await licenceOf(first.sessionId, product.id);
    const upgrade = await buy([{ productId: product.id, licence: 'commercial', upgradeLicenceId: licence.id }], { userId: user.id });
    await app.refundOrder({ actor: 'admin', sessionId: upgrade.sessionId });
    const after = (await app.getLicence(licence.id))!;
    expect([await tierKey(after.tierId), after.status, after.history.length]).toEqual(['personal', 'valid', 1]);
  });
});

describe('revocation follows the line', () => {
  async function disputed(outcome: 'won' | 'lost' | null) {
    const product = await fx.product({ priceCents: 1500 });
    const { sessionId, order } = await buy([{ productId: product.id }]);
    const paymentIntentId = `pi_${randomBytes(8).toString('hex')}`;
    await app.db().order.update({ where: { id: order.id }, data: { paymentIntentId } });
    const dispute = { id: `dp_${randomBytes(8).toString('hex')}`, amount: 1500, status: 'needs_response', payment_intent: paymentIntentId };
    await app.handlePaymentEvent({ id: `evt_${randomBytes(8).toString('hex')}`, type: 'charge.dispute.created', data: { object: dispute } });
    if (outcome) {
      await app.handlePaymentEvent({
        id: `evt_${randomBytes(8).toString('hex')}`,
        type: 'charge.dispute.closed',
        data: { object: { ...dispute, status: outcome } },
      });
    }
    return licenceOf(sessionId, product.id);
  }

  it('a refund of the line revokes its licence at the refund’s time; the order’s other licences stand', async () => {
    const [a, b] = await Promise.all([fx.product({ priceCents: 1000 }), fx.product({ priceCents: 2000 })]);
    const { sessionId } = await buy([{ productId: a.id }, { productId: b.id }]);
    await app.refundOrder({ actor: 'admin', sessionId, productIds: [a.id] });
    const [refunded, kept] = await Promise.all([licenceOf(sessionId, a.id), licenceOf(sessionId, b.id)]);
    const line = await app.db().orderItem.findFirstOrThrow({ where: { productId: a.id, order: { sessionId } } });
    expect(refunded).toMatchObject({ status: 'revoked', revokedAt: line.refundedAt });
    expect(kept.status).toBe('valid');
  });

  it('an open or lost dispute revokes; a won dispute restores', async () => {
    expect((await disputed(null)).status).toBe('revoked');
    expect((await disputed('lost')).status).toBe('revoked');
    expect(await disputed('won')).toMatchObject({ status: 'valid', revokedAt: null });
  });

  it('verification says so at once, with the holder masked', async () => {
    const product = await fx.product({ priceCents: 1000 });
    const { sessionId } = await buy([{ productId: product.id }], { holderName: 'Grace Brewster Hopper' });
    const licence = await licenceOf(sessionId, product.id);
    expect(await app.verifyLicence(licence.id)).toMatchObject({ status: 'valid', holder: 'G. B. H.', tierKey: 'personal' });
    await app.refundOrder({ actor: 'admin', sessionId });
    expect(await app.verifyLicence(licence.id)).toMatchObject({ status: 'revoked', revokedAt: expect.any(Date) });
    expect(await errorOf(app.verifyLicence('LIC-AAAAAAAAAAAAAAAA'))).toMatchObject({ code: 'not_found' });
  });
});
