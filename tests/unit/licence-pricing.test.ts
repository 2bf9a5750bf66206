// Licence tiers' arithmetic (Decision 081): the price rule's rounding, a sale in
// proportion, which tiers an item sells, upgrades and a membership's allowance,
// the masked holder and the licence id (Decision 082).
import { describe, expect, it } from 'vitest';
import { lineName, priceCart, type PricedProduct } from '@/lib/domain/checkout/pricing';
import { LICENCE_ID_PATTERN, newLicenceId } from '@/lib/domain/licences/ids';
import { maskHolder } from '@/lib/domain/licences/mask';
import {
  chargeLine,
  licenceOptions,
  lowestOption,
  priceTier,
  proportionalSaleCents,
  rulePriceCents,
  type LicensableItem,
  type TierRule,
} from '@/lib/domain/licences/prices';
import { summariseLicence } from '@/lib/domain/licences/upgrades';

const now = new Date('2026-11-27T10:00:00Z');
const tier = (id: string, position: number, priceBasisPoints: number, over: Partial<TierRule> = {}): TierRule & { termsVersion: number } => ({
  id,
  key: id,
  name: id[0].toUpperCase() + id.slice(1),
  summary: `${id} rights`,
  position,
  priceBasisPoints,
  retired: false,
  termsVersion: 1,
  ...over,
});
const TIERS = [tier('personal', 0, 10_000), tier('commercial', 1, 20_000), tier('extended', 2, 50_000)];
const item = (priceCents: number, over: Partial<LicensableItem> = {}): LicensableItem => ({
  priceCents,
  onSale: false,
  salePriceCents: null,
  saleStart: null,
  saleEnd: null,
  licencePrices: [],
  ...over,
});
const onSale = (priceCents: number, salePriceCents: number, over: Partial<LicensableItem> = {}) =>
  item(priceCents, { onSale: true, salePriceCents, saleStart: '2026-11-01T00:00:00Z', saleEnd: '2026-12-01T00:00:00Z', ...over });

describe('the price rule', () => {
  it('multiplies the item price and rounds half up to whole cents', () => {
    expect(rulePriceCents(1999, 20_000)).toBe(3998);
    expect(rulePriceCents(1999, 25_000)).toBe(4998); // 4997.5
    expect(rulePriceCents(1001, 15_000)).toBe(1502); // 1501.5
    expect(rulePriceCents(1003, 12_345)).toBe(1238); // 1238.2035
    expect(rulePriceCents(0, 50_000)).toBe(0);
  });

  it('gives each tier its rule price unless the item has one of its own', () => {
    const options = licenceOptions(item(1000, { licencePrices: [{ tierId: 'commercial', priceCents: 2500, offered: true }] }), TIERS, now);
    expect(options.map((o) => [o.key, o.priceCents, o.salePriceCents, o.effectiveCents])).toEqual([
      ['personal', 1000, null, 1000],
      ['commercial', 2500, null, 2500],
      ['extended', 5000, null, 5000],
    ]);
  });

  it('leaves out tiers switched off for the item and retired tiers, keeping tier order', () => {
    const tiers = [TIERS[2], TIERS[0], { ...TIERS[1], retired: true }];
    const options = licenceOptions(item(1000, { licencePrices: [{ tierId: 'personal', priceCents: null, offered: false }] }), tiers, now);
    expect(options.map((o) => o.key)).toEqual(['extended']);
  });

  it('prices a tier the item does not sell (a membership allowance), by its rule', () => {
    const off = item(1000, { licencePrices: [{ tierId: 'commercial', priceCents: null, offered: false }] });
    expect(priceTier(off, TIERS[1], now).effectiveCents).toBe(2000);
  });
});

describe('a sale', () => {
  it('lowers every tier in proportion to the default tier, rounded half up', () => {
    // 20 % off 1,999: each tier at 1,599 / 1,999 of its price.
    const options = licenceOptions(onSale(1999, 1599, { licencePrices: [{ tierId: 'extended', priceCents: 7777, offered: true }] }), TIERS, now);
    expect(options.map((o) => [o.key, o.priceCents, o.salePriceCents])).toEqual([
      ['personal', 1999, 1599],
      ['commercial', 3998, 3198],
      ['extended', 7777, 6221], // 7777 × 1599 / 1999 = 6220.8
    ]);
    expect(proportionalSaleCents(3, { priceCents: 2, salePriceCents: 1 })).toBe(2); // 1.5 → 2
  });

  it('only inside its window', () => {
    const ended = onSale(1000, 500, { saleEnd: '2026-11-20T00:00:00Z' });
    expect(licenceOptions(ended, TIERS, now).every((o) => o.salePriceCents === null)).toBe(true);
  });

  it('"From" is the lowest price a shopper pays now, and says whether tiers differ', () => {
    expect(lowestOption(licenceOptions(onSale(1000, 800), TIERS, now))).toEqual({ fromCents: 800, varies: true });
    expect(lowestOption(licenceOptions(item(0), TIERS, now))).toEqual({ fromCents: 0, varies: false });
    expect(lowestOption([])).toBeNull();
  });
});

describe('a line’s charge', () => {
  it('a new licence costs the tier price', () => {
    expect(chargeLine({ effectiveCents: 2000 })).toEqual({ priceCents: 2000, memberDiscountCents: 0 });
  });

  it('an upgrade costs the tier price minus what was paid, never below 0', () => {
    expect(chargeLine({ effectiveCents: 5000, paidCents: 2000 })).toEqual({ priceCents: 3000, memberDiscountCents: 0 });
    // Bought at full price, the higher tier now on sale below it: a $0 upgrade.
    expect(chargeLine({ effectiveCents: 1800, paidCents: 2000 })).toEqual({ priceCents: 0, memberDiscountCents: 0 });
  });

  it('a member pays nothing up to the included tier and the difference above it', () => {
    expect(chargeLine({ effectiveCents: 1000, memberAllowanceCents: 2000 })).toEqual({ priceCents: 1000, memberDiscountCents: 1000 });
    expect(chargeLine({ effectiveCents: 2000, memberAllowanceCents: 2000 })).toEqual({ priceCents: 2000, memberDiscountCents: 2000 });
    expect(chargeLine({ effectiveCents: 5000, memberAllowanceCents: 2000 })).toEqual({ priceCents: 5000, memberDiscountCents: 2000 });
    // A member upgrading what they paid 1,000 for: the allowance (2,000) counts, not what was paid.
    expect(chargeLine({ effectiveCents: 5000, paidCents: 1000, memberAllowanceCents: 2000 })).toEqual({ priceCents: 4000, memberDiscountCents: 1000 });
  });
});

describe('a cart with licences', () => {
  const product = (id: string, licence: PricedProduct['licence']): PricedProduct => ({
    id,
    title: `Design ${id}`,
    isBundle: false,
    priceCents: 1000,
    onSale: false,
    salePriceCents: null,
    saleStart: null,
    saleEnd: null,
    licence,
  });
  const licence = (key: string, effectiveCents: number, over: Partial<NonNullable<PricedProduct['licence']>> = {}) => ({
    tierId: key,
    key,
    name: key[0].toUpperCase() + key.slice(1),
    termsVersion: 1,
    upgradeOfId: null,
    effectiveCents,
    paidCents: 0,
    memberAllowanceCents: 2000,
    ...over,
  });

  it('prices each line at its tier and names the tier', () => {
    const pricing = priceCart([product('a', licence('commercial', 2000)), product('b', licence('extended', 5000, { upgradeOfId: 'LIC-X', paidCents: 2000 }))], {
      now,
    });
    expect(pricing.lines.map((l) => [l.priceCents, lineName(l)])).toEqual([
      [2000, 'Design a (Commercial licence)'],
      [3000, 'Design b (upgrade to Extended licence)'],
    ]);
    expect(pricing.totalCents).toBe(5000);
  });

  it('takes the membership allowance off for a member, as the member discount', () => {
    const pricing = priceCart([product('a', licence('commercial', 2000)), product('b', licence('extended', 5000))], { now, member: true });
    expect(pricing).toMatchObject({ subtotalCents: 7000, discountCents: 4000, totalCents: 3000, discountLabel: 'Member discount' });
  });
});

describe('upgrade choices shown to a holder', () => {
  const state = (over: Partial<Parameters<typeof summariseLicence>[0]> = {}) => ({
    id: 'LIC-AAAAAAAAAAAAAAAA',
    holderName: 'Jane Doe',
    issuedAt: now,
    productId: 'p',
    productTitle: 'Design',
    isBundle: false,
    orderUserId: 'u',
    sessionId: 's',
    tierId: 'personal',
    termsVersion: 1,
    status: 'valid' as const,
    revokedAt: null,
    history: [],
    paidCents: 1000,
    ...over,
  });

  it('lists the higher tiers with what each costs now', () => {
    expect(summariseLicence(state(), item(1000), TIERS, now)).toEqual({
      id: 'LIC-AAAAAAAAAAAAAAAA',
      tierKey: 'personal',
      tierName: 'Personal',
      status: 'valid',
      upgrades: [
        { key: 'commercial', name: 'Commercial', priceCents: 1000 },
        { key: 'extended', name: 'Extended', priceCents: 4000 },
      ],
    });
  });

  it('offers nothing on a revoked licence', () => {
    expect(summariseLicence(state({ status: 'revoked' }), item(1000), TIERS, now).upgrades).toEqual([]);
  });
});

describe('the holder shown to strangers', () => {
  it('is initials only', () => {
    expect(maskHolder('Jane Mary Doe')).toBe('J. M. D.');
    expect(maskHolder('  cher ')).toBe('C.');
    expect(maskHolder('élodie van-der berg')).toBe('É. V. D. B.');
    expect(maskHolder('jane.doe@example.com')).toBe('J. D. E. C.');
    expect(maskHolder('A B C D E F')).toBe('A. B. C. D.');
    expect(maskHolder('1234 !!')).toBe('—');
  });

  it('never contains the name or an email address', () => {
    for (const name of ['Jane Doe', 'jane.doe@example.com', 'Bob']) {
      const masked = maskHolder(name);
      expect(masked).not.toContain('@');
      expect(masked.replace(/[^A-Za-z]/g, '').length).toBeLessThanOrEqual(4);
      expect(name.toLowerCase()).not.toContain(masked.toLowerCase());
    }
  });
});

describe('licence ids', () => {
  it('are LIC- and 16 base32 characters, different every time', () => {
    const ids = Array.from({ length: 500 }, newLicenceId);
    for (const id of ids) expect(id).toMatch(LICENCE_ID_PATTERN);
    expect(new Set(ids).size).toBe(500);
    // Every base32 symbol turns up: the 80 bits are spread over all 16 characters.
    expect(new Set(ids.join('').slice(0, 8000).replace(/LIC-/g, '')).size).toBe(32);
  });
});
