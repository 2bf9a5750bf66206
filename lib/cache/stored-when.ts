import 'server-only';
import { unstable_cache } from 'next/cache';
import { sharedRuns } from './shared-runs';

// unstable_cache stores whatever its function returns, so a lookup of a
// made-up id or an out-of-range page would write an entry per value a
// stranger sends. It never stores a thrown error, so a result we do not
// want kept leaves the cached function inside this error and is handed
// back to the caller unchanged.
class NotStored<R> extends Error {
  constructor(readonly result: R) {
    super('result not stored in the data cache');
  }
}

type CacheOptions = { tags: string[]; revalidate: number };

/** Like unstable_cache, but a result for which `keep` is false is returned without being stored; concurrent reads of one key run once (shared-runs.ts). */
export function cachedWhen<A extends unknown[], R>(
  read: (...args: A) => Promise<R>,
  keep: (result: R) => boolean,
  keyParts: string[],
  options: CacheOptions,
): (...args: A) => Promise<R> {
  const shared = sharedRuns(read);
  const cached = unstable_cache(
    async (...args: A) => {
      const result = await shared(...args);
      if (!keep(result)) throw new NotStored(result);
      return result;
    },
    keyParts,
    options,
  );
  return async (...args: A) => {
    try {
      return await cached(...args);
    } catch (error) {
      if (error instanceof NotStored) return error.result as R;
      throw error;
    }
  };
}
