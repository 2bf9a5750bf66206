// The bounded reader of the handler wrapper: an endless chunked body is
// refused once it passes the limit, having been read only up to one chunk
// past it; a body within the limit reaches the route whole.
import { describe, expect, it } from 'vitest';
import { boundBody, bufferedBody, SMALL_BODY, SMALL_BODY_BYTES } from '@/lib/http/body-limit';

const CHUNK = 4096;

/** A body that never ends, counting what the reader pulled from it. */
function endlessRequest(): { request: Request; pulled: () => number } {
  let pulled = 0;
  const body = new ReadableStream<Uint8Array>({
    pull(controller) {
      pulled += CHUNK;
      controller.enqueue(new Uint8Array(CHUNK).fill(0x61));
    },
  });
  const request = new Request('http://shop.test/api/tags', { method: 'POST', body, duplex: 'half' } as RequestInit);
  return { request, pulled: () => pulled };
}

describe('boundBody', () => {
  it('refuses an endless chunked body with payload_too_large after reading at most the limit and one chunk', async () => {
    const { request, pulled } = endlessRequest();
    await expect(boundBody(request, SMALL_BODY)).rejects.toMatchObject({ code: 'payload_too_large', message: 'The request body is larger than 64 KB' });
    // The stream may have one chunk queued ahead of the reader (its high-water mark).
    expect(pulled()).toBeLessThanOrEqual(SMALL_BODY_BYTES + 2 * CHUNK);
  });

  it('hands a body within the limit on whole, byte for byte', async () => {
    const bytes = new Uint8Array(SMALL_BODY_BYTES).map((_, i) => i % 251);
    const body = new ReadableStream<Uint8Array>({
      start(controller) {
        for (let at = 0; at < bytes.length; at += 1000) controller.enqueue(bytes.slice(at, at + 1000));
        controller.close();
      },
    });
    const request = new Request('http://shop.test/api/webhooks/stripe', { method: 'POST', body, duplex: 'half' } as RequestInit);
    const bounded = await boundBody(request, bufferedBody(SMALL_BODY_BYTES));
    expect(new Uint8Array(await bounded.arrayBuffer())).toEqual(bytes);
  });
});
