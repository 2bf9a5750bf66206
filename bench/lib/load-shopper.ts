// What a shopper's browser does, as HTTP: browsing pages and the JSON API, and
// a test-mode checkout exactly as the cart, the test payment page and the
// success page drive it (POST the cart, open the payment page, Complete test
// payment, land on /success and poll the status). Each simulated shopper
// carries its own X-Forwarded-For address, as shoppers behind a proxy would,
// so the per-client rate limits see many clients rather than one.
import { PRODUCTS_PAGE_SIZE } from '../../lib/shop';
import { timedFetch, type Recorder } from './load-http';

export type Catalogue = { productIds: string[]; words: string[]; prices: Map<string, number> };

export async function loadCatalogue(base: string): Promise<Catalogue> {
  const res = await fetch(`${base}/api/products?limit=500`);
  if (!res.ok) throw new Error(`GET /api/products → ${res.status}`);
  const products = (await res.json()) as { id: string; title: string; price: number; sale_price: number | null; on_sale: boolean }[];
  if (products.length < 3) throw new Error('The catalogue needs at least 3 products');
  const words = [...new Set(products.flatMap((p) => p.title.toLowerCase().split(/[^a-z]+/)).filter((w) => w.length >= 4))];
  return {
    productIds: products.map((p) => p.id),
    words,
    prices: new Map(products.map((p) => [p.id, p.on_sale && p.sale_price !== null ? p.sale_price : p.price])),
  };
}

const pick = <T>(list: T[]): T => list[Math.floor(Math.random() * list.length)];

// /products renders "0 items" when its listing query fails (the failure is only
// logged, docs/product.md §7). Every listing and search the crowd asks for has products, so
// a 0 here is a page served without its data, not an empty result.
const EMPTY_LISTING = /aria-live="polite">0(?:<!-- -->)?\s*(?:<!-- -->)?items/;

async function listing(recorder: Recorder, group: string, url: string, headers: Record<string, string>) {
  const { sample, text } = await timedFetch(recorder, group, url, { headers });
  if (sample.status === 200 && EMPTY_LISTING.test(text)) sample.degraded = 'empty listing';
}

/** One page view or API read, chosen as a browsing shopper's mix (or the one `r` picks). */
export async function browseOnce(recorder: Recorder, base: string, catalogue: Catalogue, clientIp: string, r = Math.random()): Promise<void> {
  const headers = { 'x-forwarded-for': clientIp };
  if (r < 0.15) await timedFetch(recorder, 'page /', `${base}/`, { headers });
  else if (r < 0.3)
    await listing(
      recorder,
      'page /products',
      `${base}/products${catalogue.productIds.length > PRODUCTS_PAGE_SIZE && Math.random() < 0.3 ? '?page=2' : ''}`,
      headers,
    );
  else if (r < 0.4) await listing(recorder, 'page search', `${base}/products?search=${encodeURIComponent(pick(catalogue.words))}`, headers);
  else if (r < 0.7) await timedFetch(recorder, 'page /product/[id]', `${base}/product/${pick(catalogue.productIds)}`, { headers });
  else if (r < 0.85) await timedFetch(recorder, 'api /api/products', `${base}/api/products?limit=24&offset=${Math.floor(Math.random() * 3) * 24}`, { headers });
  else await timedFetch(recorder, 'page /cart', `${base}/cart`, { headers });
}

export type CheckoutOutcome = {
  n: number;
  email: string;
  productIds: string[];
  sessionId?: string;
  /** The last step that answered 2xx: opened (session created), paid (complete answered), confirmed (status said paid). */
  reached: 'none' | 'opened' | 'paid' | 'confirmed';
};

/** A guest buys 1–3 products in test payment mode, the way the browser does it. */
export async function testModeCheckout(
  recorder: Recorder,
  base: string,
  catalogue: Catalogue,
  n: number,
  options: { runTag: string; discountCode?: string },
): Promise<CheckoutOutcome> {
  const ip = `10.${(n >> 16) & 255}.${(n >> 8) & 255}.${n & 255}`;
  const productIds = [...new Set(Array.from({ length: 1 + (n % 3) }, () => pick(catalogue.productIds)))];
  const email = `load-${options.runTag}-${n}@example.test`;
  const outcome: CheckoutOutcome = { n, email, productIds, reached: 'none' };
  const json = { 'content-type': 'application/json', origin: base, 'x-forwarded-for': ip };

  const query = options.discountCode ? `?discount_code=${encodeURIComponent(options.discountCode)}` : '';
  const cart = productIds.map((id) => ({ product_id: id, price: catalogue.prices.get(id) ?? 0 }));
  const opened = await timedFetch(recorder, 'checkout: session', `${base}/api/checkout/session${query}`, {
    method: 'POST',
    headers: json,
    body: JSON.stringify(cart),
  });
  if (opened.sample.status !== 200) return outcome;
  const session = JSON.parse(opened.text) as { url: string; session_id: string; free_checkout: boolean };
  outcome.sessionId = session.session_id;
  outcome.reached = 'opened';

  if (!session.free_checkout) {
    const payPage = new URL(session.url);
    const page = await timedFetch(recorder, 'checkout: test page', `${base}${payPage.pathname}`, { headers: { 'x-forwarded-for': ip } });
    if (page.sample.status !== 200) return outcome;
    const complete = await timedFetch(recorder, 'checkout: complete', `${base}/api/checkout/test/${encodeURIComponent(session.session_id)}/complete`, {
      method: 'POST',
      headers: json,
      body: JSON.stringify({ email }),
    });
    if (complete.sample.status !== 200) return outcome;
  }
  outcome.reached = 'paid';

  const success = await timedFetch(recorder, 'checkout: /success', `${base}/success?session_id=${encodeURIComponent(session.session_id)}`, {
    headers: { 'x-forwarded-for': ip },
  });
  if (success.sample.status !== 200) return outcome;
  const status = await timedFetch(recorder, 'checkout: status', `${base}/api/checkout/status/${encodeURIComponent(session.session_id)}`, {
    headers: { 'x-forwarded-for': ip },
  });
  if (status.sample.status === 200 && (JSON.parse(status.text) as { payment_status: string }).payment_status === 'paid') outcome.reached = 'confirmed';
  return outcome;
}

/** Each browse route and a whole checkout, one request at a time on an otherwise idle shop: the cost of one of each. */
export async function measureServiceTimes(
  recorder: Recorder,
  base: string,
  catalogue: Catalogue,
  nextCheckout: () => number,
  runTag: string,
  repeats = 10,
): Promise<void> {
  for (const r of [0.1, 0.2, 0.35, 0.5, 0.8, 0.9]) {
    for (let i = 0; i < repeats; i++) await browseOnce(recorder, base, catalogue, '192.0.2.1', r);
  }
  for (let i = 0; i < repeats; i++) await testModeCheckout(recorder, base, catalogue, nextCheckout(), { runTag });
}

/**
 * Runs `shoppers` closed-loop browsers (each: view, think, view…) and opens
 * `checkoutsPerSecond` checkouts on a fixed schedule, for `seconds`.
 * `onTick` runs once a second with the elapsed seconds (fault injection hooks in there).
 */
export async function runShopLoad(options: {
  recorder: Recorder;
  base: string;
  catalogue: Catalogue;
  seconds: number;
  shoppers: number;
  thinkMs: number;
  checkoutsPerSecond: number;
  nextCheckout: () => number;
  runTag: string;
  discountCodeFor?: (n: number) => string | undefined;
}): Promise<CheckoutOutcome[]> {
  const { recorder, base, catalogue } = options;
  const endAt = performance.now() + options.seconds * 1000;
  const shoppers = Array.from({ length: options.shoppers }, async (_, i) => {
    const ip = `172.16.${(i >> 8) & 255}.${i & 255}`;
    while (performance.now() < endAt) {
      await browseOnce(recorder, base, catalogue, ip);
      // Think time: uniform 0..2×thinkMs, so the mean is thinkMs.
      await new Promise((r) => setTimeout(r, Math.random() * 2 * options.thinkMs));
    }
  });
  const checkouts: Promise<CheckoutOutcome>[] = [];
  const interval = 1000 / options.checkoutsPerSecond;
  const started = performance.now();
  for (let k = 0; performance.now() < endAt; k++) {
    const due = started + k * interval;
    const wait = due - performance.now();
    if (wait > 0) await new Promise((r) => setTimeout(r, wait));
    if (performance.now() >= endAt) break;
    const n = options.nextCheckout();
    checkouts.push(testModeCheckout(recorder, base, catalogue, n, { runTag: options.runTag, discountCode: options.discountCodeFor?.(n) }));
  }
  await Promise.all(shoppers);
  return Promise.all(checkouts);
}
