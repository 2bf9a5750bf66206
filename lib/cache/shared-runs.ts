import 'server-only';

/**
 * Concurrent calls with equal arguments share one run of `read`: the first
 * starts it, the others await the same promise; once it settles the next call
 * runs again. Why: Next's unstable_cache remembers a stale entry's background
 * refresh per request only, so when an entry turns stale under a crowd every
 * request starts its own refresh of it. For a search at 1,000,000 products
 * (hundreds of milliseconds) that was a storm: `npm run bench`, 2026-11-27,
 * 1 request a second at 20 connections (docs/performance.md). Results are
 * shared, so callers must not change them (none does: they are mapped into
 * responses).
 */
export function sharedRuns<A extends unknown[], R>(read: (...args: A) => Promise<R>): (...args: A) => Promise<R> {
  const running = new Map<string, Promise<R>>();
  return (...args: A) => {
    const key = JSON.stringify(args);
    const current = running.get(key);
    if (current) return current;
    const run = read(...args).finally(() => running.delete(key));
    running.set(key, run);
    return run;
  };
}
