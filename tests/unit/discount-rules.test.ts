// Discount-code rules (Decision 090): which rule refuses a code, which cart
// lines it covers (scope and items on sale), the arithmetic in whole cents, the
// key a guest's uses are counted by, and Sydney wall-clock times against UTC.
import { describe, expect, it } from 'vitest';
import { priceCart, type PricedProduct } from '@/lib/domain/checkout/pricing';
import { cartProblem, codeProblem, describeDiscount, discountOnCents, isEligibleLine, normalizeEmail, type DiscountRules } from '@/lib/domain/discounts/rules';
import { zonedDateTime, zonedInputValue } from '@/lib/format';

const now = new Date('2026-11-27T01:00:00Z');
const rules = (over: Partial<DiscountRules> = {}): DiscountRules => ({
  code: 'BLACKFRIDAY',
  type: 'percentage',
  valueBasisPoints: 2000,
  valueCents: null,
  scope: 'cart',
  categoryIds: [],
  productIds: [],
  startsAt: null,
  endsAt: null,
  maxUses: null,
  uses: 0,
  maxUsesPerCustomer: null,
  minSubtotalCents: null,
  newCustomersOnly: false,
  appliesToSaleItems: false,
  enabled: true,
  ...over,
});
const item = (id: string, priceCents: number, over: Partial<PricedProduct> = {}): PricedProduct => ({
  id,
  title: `Design ${id}`,
  isBundle: false,
  priceCents,
  onSale: false,
  salePriceCents: null,
  saleStart: null,
  saleEnd: null,
  categoryId: null,
  ...over,
});
const saleItem = (id: string, priceCents: number, salePriceCents: number, over: Partial<PricedProduct> = {}) =>
  item(id, priceCents, { onSale: true, salePriceCents, ...over });

describe('a code on its own', () => {
  it('names the rule that refuses it: disabled, not started, expired, used up', () => {
    expect(codeProblem(rules(), now)).toBeNull();
    expect(codeProblem(rules({ enabled: false, startsAt: new Date('2027-01-01') }), now)).toBe('This discount code has been disabled');
    expect(codeProblem(rules({ startsAt: new Date(now.getTime() + 1) }), now)).toBe('This discount code is not active yet');
    expect(codeProblem(rules({ startsAt: now }), now)).toBeNull();
    expect(codeProblem(rules({ endsAt: now }), now)).toBe('This discount code has expired');
    expect(codeProblem(rules({ endsAt: new Date(now.getTime() + 1) }), now)).toBeNull();
    expect(codeProblem(rules({ maxUses: 10, uses: 10 }), now)).toBe('This discount code has been used up');
    expect(codeProblem(rules({ maxUses: 10, uses: 9 }), now)).toBeNull();
  });

  it('refuses a cart under its minimum, with nothing it covers, or a membership code in a cart', () => {
    expect(cartProblem(rules({ minSubtotalCents: 5000 }), { subtotalCents: 4999, eligibleCount: 2 })).toBe(
      'This discount code needs a subtotal of at least 50.00 AUD',
    );
    expect(cartProblem(rules({ minSubtotalCents: 5000 }), { subtotalCents: 5000, eligibleCount: 2 })).toBeNull();
    expect(cartProblem(rules(), { subtotalCents: 5000, eligibleCount: 0 })).toBe('This discount code does not apply to anything in your cart');
    expect(cartProblem(rules({ scope: 'membership' }), { subtotalCents: 5000, eligibleCount: 1 })).toBe(
      'This discount code is for memberships: enter it on the Membership page',
    );
  });

  it('describes itself for the cart and the payment page', () => {
    expect(describeDiscount(rules())).toBe('20% off (not items already on sale)');
    expect(describeDiscount(rules({ valueBasisPoints: 1250, scope: 'categories', appliesToSaleItems: true }))).toBe('12.5% off selected categories');
    expect(describeDiscount(rules({ type: 'fixed_amount', valueCents: 1000, scope: 'membership' }))).toBe('10.00 AUD off the first membership period');
  });
});

describe('which lines a code covers', () => {
  it('covers the whole cart, chosen categories or chosen products and bundles', () => {
    const line = { productId: 'p1', categoryId: 'fonts', onSale: false };
    expect(isEligibleLine(rules(), line)).toBe(true);
    expect(isEligibleLine(rules({ scope: 'categories', categoryIds: ['fonts'] }), line)).toBe(true);
    expect(isEligibleLine(rules({ scope: 'categories', categoryIds: ['clipart'] }), line)).toBe(false);
    expect(isEligibleLine(rules({ scope: 'categories', categoryIds: ['fonts'] }), { ...line, categoryId: null })).toBe(false);
    expect(isEligibleLine(rules({ scope: 'products', productIds: ['p1'] }), line)).toBe(true);
    expect(isEligibleLine(rules({ scope: 'products', productIds: ['p2'] }), line)).toBe(false);
    expect(isEligibleLine(rules({ scope: 'membership' }), line)).toBe(false);
  });

  it('leaves items on sale alone unless the code says it also applies to them', () => {
    const onSale = { productId: 'p1', categoryId: null, onSale: true };
    expect(isEligibleLine(rules(), onSale)).toBe(false);
    expect(isEligibleLine(rules({ appliesToSaleItems: true }), onSale)).toBe(true);
  });

  it('prices a category code on its category only, and splits the discount over those lines to the cent', () => {
    const cart = [item('a', 1999, { categoryId: 'fonts' }), item('b', 1000, { categoryId: 'clipart' }), item('c', 1001, { categoryId: 'fonts' })];
    const pricing = priceCart(cart, { now, discount: rules({ scope: 'categories', categoryIds: ['fonts'] }) });
    expect(pricing).toMatchObject({
      subtotalCents: 4000,
      discountCents: 600,
      totalCents: 3400,
      codeLines: 2,
      discountLabel: 'BLACKFRIDAY: 20% off selected categories (not items already on sale)',
    });
    expect(pricing.lineDiscountCents).toEqual([400, 0, 200]);
  });

  it('skips an active sale item but covers one whose sale has ended', () => {
    const cart = [saleItem('live', 2000, 1000), saleItem('ended', 2000, 1000, { saleEnd: new Date(now.getTime() - 1) }), item('plain', 500)];
    const code = rules({ valueBasisPoints: 5000 });
    expect(priceCart(cart, { now, discount: code })).toMatchObject({ subtotalCents: 3500, discountCents: 1250, codeLines: 2 });
    expect(priceCart(cart, { now, discount: { ...code, appliesToSaleItems: true } })).toMatchObject({ discountCents: 1750, codeLines: 3 });
  });

  it('counts no lines when only sale items match, so the code does not apply', () => {
    const pricing = priceCart([saleItem('live', 2000, 1000)], { now, discount: rules() });
    expect(pricing).toMatchObject({ discountCents: 0, codeLines: 0, totalCents: 1000 });
    expect(pricing.lineDiscountCents).toBeUndefined();
  });

  it('takes a fixed amount off only the covered lines, never more than they cost', () => {
    const fixed = rules({ type: 'fixed_amount', valueBasisPoints: null, valueCents: 1500, scope: 'products', productIds: ['a'] });
    const pricing = priceCart([item('a', 1000), item('b', 5000)], { now, discount: fixed });
    expect(pricing).toMatchObject({ discountCents: 1000, totalCents: 5000 });
    expect(pricing.lineDiscountCents).toEqual([1000, 0]);
  });
});

describe('rounding to cents', () => {
  it('rounds a percentage half up, exactly, in integers', () => {
    expect(discountOnCents(rules({ valueBasisPoints: 1250 }), 1999)).toBe(250); // 249.875
    expect(discountOnCents(rules({ valueBasisPoints: 1250 }), 1996)).toBe(250); // 249.5 rounds up
    expect(discountOnCents(rules({ valueBasisPoints: 1250 }), 1995)).toBe(249); // 249.375
    expect(discountOnCents(rules({ valueBasisPoints: 3333 }), 999)).toBe(333);
    expect(discountOnCents(rules({ valueBasisPoints: 10_000 }), 4321)).toBe(4321);
  });

  it('never goes below 0 or beyond what it covers', () => {
    expect(discountOnCents(rules({ valueBasisPoints: 50_000 }), 1000)).toBe(1000);
    expect(discountOnCents(rules({ valueBasisPoints: -100 }), 1000)).toBe(0);
    expect(discountOnCents(rules({ type: 'fixed_amount', valueCents: 999_999 }), 1234)).toBe(1234);
    expect(discountOnCents(rules(), 0)).toBe(0);
  });

  it('splits an odd discount over lines so the shares add up to it', () => {
    const cart = [item('a', 333), item('b', 333), item('c', 334)];
    const pricing = priceCart(cart, { now, discount: rules({ valueBasisPoints: 1000 }) });
    expect(pricing.discountCents).toBe(100);
    expect(pricing.lineDiscountCents?.reduce((a, b) => a + b, 0)).toBe(100);
  });
});

describe('who a guest is', () => {
  it('counts one mailbox as one customer', () => {
    expect(normalizeEmail('  Jane.Doe+promo@Example.COM ')).toBe('jane.doe@example.com');
    expect(normalizeEmail('j.a.n.e+x@googlemail.com')).toBe('jane@gmail.com');
    expect(normalizeEmail('J.ane@gmail.com')).toBe('jane@gmail.com');
    expect(normalizeEmail('plain@shop.test')).toBe('plain@shop.test');
    expect(normalizeEmail('+only@shop.test')).toBe('+only@shop.test');
  });
});

describe('Sydney times and UTC', () => {
  it('reads a typed time as Sydney time, in daylight saving and out of it', () => {
    expect(zonedDateTime('2026-11-27T00:00').toISOString()).toBe('2026-11-26T13:00:00.000Z'); // AEDT, +11
    expect(zonedDateTime('2026-07-01T12:00').toISOString()).toBe('2026-07-01T02:00:00.000Z'); // AEST, +10
    expect(zonedInputValue(new Date('2026-11-26T13:00:00.000Z'))).toBe('2026-11-27T00:00');
    expect(zonedInputValue('2026-07-01T02:00:00.000Z')).toBe('2026-07-01T12:00');
  });

  it('moves a time in the skipped spring hour forward, and takes a repeated autumn time once', () => {
    expect(zonedDateTime('2026-10-04T01:59').toISOString()).toBe('2026-10-03T15:59:00.000Z');
    expect(zonedDateTime('2026-10-04T03:00').toISOString()).toBe('2026-10-03T16:00:00.000Z');
    expect(zonedInputValue(zonedDateTime('2026-10-04T02:30'))).toBe('2026-10-04T03:30');
    expect(zonedDateTime('2026-04-05T02:30').toISOString()).toBe('2026-04-04T16:30:00.000Z');
  });

  it('gives back the time shown, for times spread over a year', () => {
    const start = Date.parse('2026-01-01T00:00:00Z');
    for (let t = start; t < start + 366 * 86_400_000; t += 15 * 60_000 * 97) {
      const shown = zonedInputValue(new Date(t));
      expect(zonedInputValue(zonedDateTime(shown))).toBe(shown);
    }
  });

  it('refuses text that is not a date and time', () => {
    expect(() => zonedDateTime('next friday')).toThrow(RangeError);
  });
});
