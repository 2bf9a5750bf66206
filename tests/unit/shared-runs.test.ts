// Concurrent reads of one key run once (lib/cache/shared-runs.ts): the guard
// against every request of a crowd refreshing the same stale cache entry.
import { describe, expect, it } from 'vitest';
import { sharedRuns } from '@/lib/cache/shared-runs';

function gate() {
  let open!: () => void;
  const opened = new Promise<void>((resolve) => (open = resolve));
  return { open, opened };
}

describe('sharedRuns', () => {
  it('runs once for calls with equal arguments made while a run is in flight, and shares its result', async () => {
    const { open, opened } = gate();
    const calls: string[] = [];
    const read = sharedRuns(async (term: string, page: number) => {
      calls.push(`${term}:${page}`);
      await opened;
      return { term, page };
    });
    const crowd = Array.from({ length: 20 }, () => read('floral', 1));
    const other = read('floral', 2);
    open();
    const results = await Promise.all(crowd);
    expect(calls).toEqual(['floral:1', 'floral:2']);
    expect(new Set(results).size).toBe(1);
    expect(results[0]).toEqual({ term: 'floral', page: 1 });
    expect(await other).toEqual({ term: 'floral', page: 2 });
  });

  it('runs again once the run has settled, a failed one included, and hands the failure to every waiter', async () => {
    let n = 0;
    const { open, opened } = gate();
    const read = sharedRuns(async () => {
      n += 1;
      await opened;
      if (n === 1) throw new Error('database away');
      return n;
    });
    const waiting = [read(), read()];
    open();
    for (const w of waiting) await expect(w).rejects.toThrow('database away');
    expect(await read()).toBe(2);
    expect(await read()).toBe(3);
  });
});
