// The keyset every export pages by (Decision 101): the bound an index can start
// from, the tie-break in both id orders, and batches that stop on a short one.
import { describe, expect, it } from 'vitest';
import { afterKeyset, keysetBatches, keysetPage, type Keyset } from '@/lib/domain/keyset';

const at = new Date('2026-11-27T10:00:00.000Z');

describe('afterKeyset', () => {
  it('asks for nothing before the first batch', () => {
    expect(afterKeyset(undefined, 'asc')).toEqual({});
  });

  it('bounds createdAt from above, so an index on (createdAt DESC, id) starts at the last row', () => {
    expect(afterKeyset({ createdAt: at, id: 'm' }, 'asc')).toEqual({
      createdAt: { lte: at },
      OR: [{ createdAt: { lt: at } }, { id: { gt: 'm' } }],
    });
  });

  it('breaks ties on id in the direction the list sorts ids', () => {
    expect(afterKeyset({ createdAt: at, id: 'm' }, 'desc').OR).toEqual([{ createdAt: { lt: at } }, { id: { lt: 'm' } }]);
  });
});

describe('keysetPage', () => {
  it('reads ids in the direction its tie-break assumes, after the list filter', () => {
    const filter = { status: 'paid' };
    expect(keysetPage(filter, { createdAt: at, id: 'm' }, 'desc', 500)).toEqual({
      where: { AND: [filter, afterKeyset({ createdAt: at, id: 'm' }, 'desc')] },
      orderBy: [{ createdAt: 'desc' }, { id: 'desc' }],
      take: 500,
    });
    expect(keysetPage(filter, undefined, 'asc', 10).orderBy).toEqual([{ createdAt: 'desc' }, { id: 'asc' }]);
  });
});

describe('keysetBatches', () => {
  it('passes each batch the last key of the one before and stops after a short batch', async () => {
    const keys: Keyset[] = Array.from({ length: 5 }, (_, n) => ({ createdAt: at, id: `k${n}` }));
    const asked: (Keyset | undefined)[] = [];
    const batches: string[][] = [];
    for await (const rows of keysetBatches(async (after, take) => {
      asked.push(after);
      const start = after ? keys.findIndex((k) => k.id === after.id) + 1 : 0;
      const page = keys.slice(start, start + take);
      return { keys: page, rows: page.map((k) => k.id) };
    }, 2)) {
      batches.push(rows);
    }
    expect(batches).toEqual([['k0', 'k1'], ['k2', 'k3'], ['k4']]);
    expect(asked.map((a) => a?.id)).toEqual([undefined, 'k1', 'k3']);
  });
});
