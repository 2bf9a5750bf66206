// Catalogue changes made outside a request (the standalone worker turning an
// upload into a product) must reach every instance's cache, not wait for a
// shopper to poll the upload's progress. With REDIS_URL set the worker expires
// the catalogue tag in the shared cache itself (Decisions 055); without it each
// web process keeps its own cache and the progress route revalidates as before.
import { env } from '@/lib/env';
import { CATALOG_TAG } from './catalog-tag';
import { RedisCacheStore } from './redis-cache-store.mjs';

// A 200-image upload finishes 200 jobs: one expiry per burst, not one per image.
const BURST_MS = 500;

export type CatalogInvalidator = { changed: () => void; close: () => Promise<void> };

export function catalogInvalidator(log: (message: string) => void): CatalogInvalidator | null {
  const url = env().REDIS_URL;
  if (!url) return null;
  const store = new RedisCacheStore({ url, log });
  let timer: NodeJS.Timeout | null = null;
  let pending: Promise<unknown> = Promise.resolve();
  const flush = () => {
    timer = null;
    // A worker that has just started may still be connecting: wait briefly rather than drop the expiry.
    pending = store.connected(2_000).then(() => store.expireTags([CATALOG_TAG]));
  };
  return {
    changed() {
      timer ??= setTimeout(flush, BURST_MS);
    },
    async close() {
      if (timer) {
        clearTimeout(timer);
        flush();
      }
      await pending;
      await store.close();
    },
  };
}
