// The products CSV import's pure parts (Decision 092): reading cells (the
// apostrophe of docs/security.md N4 taken off, an unguarded formula refused),
// the parser's quoting and header checks with row numbers, the diff of a row
// against its product, and the orders export's per-line money.
import { describe, expect, it } from 'vitest';
import { csvLine } from '@/lib/domain/csv';
import { lineMoney, lineStatus } from '@/lib/domain/exports/order-lines';
import { productCells, PRODUCT_COLUMNS, type ProductState } from '@/lib/domain/exports/product-columns';
import { dateCell, FORMULA_REFUSED, moneyCell, tagsCell, textCell, tierCell } from '@/lib/domain/product-import/cells';
import { diffRow, type ImportContext } from '@/lib/domain/product-import/diff';
import { parseProductCsv } from '@/lib/domain/product-import/parse';

const TIERS = ['personal', 'commercial'];

describe('cells', () => {
  it.each(['=HYPERLINK("http://evil.example","x")', '+1', '-2+3', '@SUM(A1)', '\t=1', '\r=1'])('refuses a formula start without an apostrophe: %j', (raw) => {
    expect(textCell(raw)).toEqual({ ok: false, message: FORMULA_REFUSED });
  });

  it("takes off the export's apostrophe before a formula start, and keeps any other apostrophe", () => {
    expect(textCell("'=HYPERLINK(1)")).toEqual({ ok: true, value: '=HYPERLINK(1)' });
    expect(textCell("'- a list")).toEqual({ ok: true, value: '- a list' });
    expect(textCell("'quoted'")).toEqual({ ok: true, value: "'quoted'" });
    expect(textCell('plain')).toEqual({ ok: true, value: 'plain' });
  });

  it('reads prices in dollars with up to 2 decimals, and nothing else', () => {
    expect(moneyCell('12.5')).toEqual({ ok: true, value: 1250 });
    expect(moneyCell(' 0.07 ')).toEqual({ ok: true, value: 7 });
    expect(moneyCell('', null)).toEqual({ ok: true, value: null });
    for (const bad of ['', '12,50', '$12', '-1', '1.005', '1e3', '100000.01', '=1+1']) expect(moneyCell(bad).ok, bad).toBe(false);
  });

  it('reads tags lower-cased and once each, tier prices, and ISO dates', () => {
    expect(tagsCell('Fox, wall ,fox,,')).toEqual({ ok: true, value: ['fox', 'wall'] });
    expect(tagsCell('=cmd, fox').ok).toBe(false);
    expect(tagsCell(Array.from({ length: 31 }, (_, i) => `t${i}`).join(',')).ok).toBe(false);
    expect(tierCell('')).toEqual({ ok: true, value: undefined });
    expect(tierCell('OFF')).toEqual({ ok: true, value: { priceCents: null, offered: false } });
    expect(tierCell('40')).toEqual({ ok: true, value: { priceCents: 4000, offered: true } });
    expect(tierCell('free').ok).toBe(false);
    expect(dateCell('2026-12-01T00:00:00.000Z')).toEqual({ ok: true, value: new Date('2026-12-01T00:00:00.000Z') });
    expect(dateCell('')).toEqual({ ok: true, value: null });
    expect(dateCell('next week').ok).toBe(false);
  });
});

describe('parsing a products CSV', () => {
  const header = ['id', 'title', 'tier_commercial'];

  it('reads quoted cells with commas, quotes and line breaks, and a byte-order mark, numbering rows as a spreadsheet does', () => {
    const text = '\uFEFF' + csvLine(header) + csvLine(['p1', 'A "big", bold\r\nprint', '']) + csvLine(['p2', 'B', 'off']);
    const parsed = parseProductCsv(text, TIERS);
    expect(parsed.errors).toEqual([]);
    expect(parsed.count).toBe(2);
    expect(parsed.rows).toEqual([
      { row: 2, cells: { id: 'p1', title: 'A "big", bold\r\nprint', tier_commercial: '' } },
      { row: 3, cells: { id: 'p2', title: 'B', tier_commercial: 'off' } },
    ]);
  });

  it('refuses an unknown column, an unknown tier, a repeated column and a missing id column, all in row 1', () => {
    const parsed = parseProductCsv('title,colour,tier_gold,title\r\nA,red,,B\r\n', TIERS);
    expect(parsed.rows).toEqual([]);
    expect(parsed.errors).toEqual([
      { row: 1, column: 'colour', message: 'Unknown column' },
      { row: 1, column: 'tier_gold', message: 'Unknown licence tier: gold' },
      { row: 1, column: 'title', message: 'This column appears twice' },
      { row: 1, column: 'id', message: expect.stringContaining('id column is required') },
    ]);
  });

  it('reports a row with the wrong number of cells, and a file that is not CSV', () => {
    const parsed = parseProductCsv('id,title\r\np1,A\r\np2\r\np3,C\r\n', TIERS);
    expect(parsed.rows.map((r) => r.row)).toEqual([2, 4]);
    expect(parsed.errors).toEqual([{ row: 3, column: '', message: 'Has 1 cells; the header names 2 columns' }]);
    expect(parseProductCsv('id,title\r\n"p1,A\r\n', TIERS).errors).toEqual([
      { row: expect.any(Number), column: '', message: expect.stringContaining('Not a readable CSV') },
    ]);
    expect(parseProductCsv('', TIERS).errors[0]).toMatchObject({ row: 1, message: expect.stringContaining('empty') });
  });
});

describe('a row against its product', () => {
  const product: ProductState = {
    id: 'p1',
    isBundle: false,
    title: 'Fox print',
    description: '- notes',
    priceCents: 1200,
    onSale: false,
    salePriceCents: null,
    saleStart: null,
    saleEnd: null,
    category: 'Prints',
    subcategory: 'Nursery',
    tags: ['fox'],
    tierPrices: new Map([['commercial', { priceCents: 3000, offered: true }]]),
  };
  const context: ImportContext = {
    categories: new Map([
      ['Prints', ['Nursery']],
      ['Cards', ['Birthday']],
    ]),
    tiers: TIERS.map((key) => ({ key, retired: false })),
    now: Date.parse('2026-11-27T00:00:00Z'),
  };
  /** The product's exported cells, read back as the file holds them. */
  const exported = () => {
    const cells = productCells(product, TIERS);
    // The export writes "- notes" as "'- notes" (docs/security.md N4).
    return { ...cells, description: `'${cells.description}` };
  };

  it('finds no change in the exported row, and exactly the edited columns otherwise', () => {
    expect(diffRow(exported(), product, context)).toMatchObject({ changes: {}, errors: [] });
    const edited = diffRow({ ...exported(), price: '15', tags: 'fox, owl', tier_commercial: '' }, product, context);
    expect(edited.errors).toEqual([]);
    expect(edited.changes).toEqual({
      price: { from: '12.00', to: '15.00' },
      tags: { from: 'fox', to: 'fox, owl' },
      tier_commercial: { from: '30.00', to: '' },
    });
    expect(edited.next.tierPrices.has('commercial')).toBe(false);
    expect(Object.keys(exported())).toEqual([...PRODUCT_COLUMNS, 'tier_personal', 'tier_commercial']);
  });

  it('changes only the columns the file has; a new category without a subcategory column clears the subcategory', () => {
    const diff = diffRow({ id: 'p1', category: 'Cards' }, product, context);
    expect(diff.changes).toEqual({ category: { from: 'Prints', to: 'Cards' }, subcategory: { from: 'Nursery', to: '' } });
  });

  it('names the column of each problem', () => {
    const row = { ...exported(), kind: 'bundle', title: ' ', category: 'Posters', on_sale: 'yes', description: '=cmd|calc' };
    expect(diffRow(row, product, context).errors).toEqual([
      { column: 'kind', message: 'Cannot be changed: this is a product' },
      { column: 'title', message: 'A title is 1 to 200 characters' },
      { column: 'description', message: FORMULA_REFUSED },
      { column: 'on_sale', message: 'Use true or false' },
      { column: 'category', message: 'Unknown category: Posters' },
    ]);
    expect(diffRow({ ...exported(), on_sale: 'true' }, product, context).errors).toEqual([
      { column: 'on_sale', message: 'Set a sale price to put the item on sale' },
    ]);
    expect(diffRow({ ...exported(), tier_personal: 'off', tier_commercial: 'off' }, product, context).errors).toEqual([
      { column: 'tier_personal', message: 'At least one licence tier must stay on sale' },
    ]);
  });
});

describe("an order line's money", () => {
  const items = [
    { id: 'a', priceCents: 6000, refundedAt: null, refundSource: null },
    { id: 'b', priceCents: 1000, refundedAt: new Date(), refundSource: 'admin' },
  ];

  it('splits the paid total by price, so paid and discount add up to each price and the lines to the order', () => {
    const money = lineMoney(5600, items, [{ amountCents: 800, itemIds: ['b'], counts: true }], true);
    expect(money.get('a')).toEqual({ priceCents: 6000, discountCents: 1200, paidCents: 4800, gstCents: 436, refundedCents: 0 });
    expect(money.get('b')).toEqual({ priceCents: 1000, discountCents: 200, paidCents: 800, gstCents: 73, refundedCents: 800 });
  });

  it('spreads a refund that ended no line over every line, skips a dispute not lost, and shows no GST when not registered', () => {
    const money = lineMoney(
      7000,
      items,
      [
        { amountCents: 700, itemIds: [], counts: true },
        { amountCents: 7000, itemIds: ['a'], counts: false },
      ],
      false,
    );
    expect([money.get('a')?.refundedCents, money.get('b')?.refundedCents]).toEqual([600, 100]);
    expect(money.get('a')?.gstCents).toBe(0);
    expect(lineStatus({ fulfilledAt: new Date(), status: 'complete' }, items[0], 600)).toBe('partly_refunded');
    expect(lineStatus({ fulfilledAt: new Date(), status: 'complete' }, { ...items[1], refundSource: 'dispute' }, 0)).toBe('disputed');
    expect(lineStatus({ fulfilledAt: null, status: 'expired' }, items[0], 0)).toBe('expired');
  });
});
