// Issue #16 §3, the state two instances must share: cached pages and their
// invalidation (Redis), rate limits and sessions (Postgres), and a bulk upload
// whose work the standalone worker does. Instance A and B are addressed
// directly, on their own ports, not through the balancer.
import sharp from 'sharp';
import { requestFrom } from '../support/request-from';
import { send, within, UNTRUSTED_CLIENT, type ClusterContext } from './context';

const productIdsIn = (html: string) => [...new Set([...html.matchAll(/href="\/product\/([a-z0-9]+)"/gi)].map((m) => m[1]))];

async function adminToken(base: string): Promise<string> {
  const res = await send(base, 'POST', '/api/auth/login', { form: { username: 'admin', password: 'admin' } });
  if (res.status !== 200) throw new Error(`admin login → ${res.status} ${res.text}`);
  return (res.json() as { token: string }).token;
}

export async function cachedPagesFollowWrites(ctx: ClusterContext): Promise<void> {
  const { checks } = ctx;
  const [a, b] = ctx.cluster.instances.map((i) => i.url);
  console.log('\n== pages cached on B follow an edit and a delete made through A');
  const listing = await send(b, 'GET', '/products');
  const [id] = productIdsIn(listing.text);
  if (!id) throw new Error('no product on /products');
  // Twice each, so B's second answer comes from the cache.
  for (let i = 0; i < 2; i++) await Promise.all([send(b, 'GET', `/product/${id}`), send(b, 'GET', '/products')]);
  const before = await send(b, 'GET', `/product/${id}`);
  checks.check(
    "B's product page is served from the cache before the edit",
    before.headers.get('x-nextjs-cache') === 'HIT',
    `x-nextjs-cache: ${before.headers.get('x-nextjs-cache')}`,
  );

  const admin = { authorization: `Bearer ${await adminToken(a)}` };
  const title = `Cluster edit ${ctx.runTag}`;
  const edit = await send(a, 'PUT', `/api/products/${id}`, { headers: admin, json: { title, price: 43.21 } });
  checks.check('the edit through A is accepted', edit.status === 200, `${edit.status}`);

  const page = await within(2_000, async () => {
    const html = (await send(b, 'GET', `/product/${id}`)).text;
    return html.includes(title) && html.includes('43.21');
  });
  checks.check("the new title and price show on B's product page within 2 s", page.ok, page.detail);
  const products = await within(2_000, async () => (await send(b, 'GET', '/products')).text.includes(title));
  checks.check("the new title shows on B's /products within 2 s", products.ok, products.detail);
  ctx.figures.push(`edit through A visible on B: product page after ${page.after} ms, /products after ${products.after} ms`);

  const removed = await send(a, 'DELETE', `/api/products/${id}`, { headers: admin });
  checks.check('the delete through A is accepted', removed.status === 200, `${removed.status}`);
  // The issue bounds the edit by 2 s; a delete and an upload are bounded only so a fault cannot hang the run.
  const gone = await within(10_000, async () => {
    const [onA, onB] = await Promise.all([send(a, 'GET', `/product/${id}`), send(b, 'GET', `/product/${id}`)]);
    return onA.status === 404 && onB.status === 404;
  });
  checks.check('the deleted product is 404 on A and on B', gone.ok, gone.detail);
  const stillListed = (await send(b, 'GET', '/products')).text.includes(`/product/${id}"`);
  checks.check("the deleted product is gone from B's /products", !stillListed);
}

export async function rateLimitsAreShared(ctx: ClusterContext): Promise<void> {
  const [a, b] = ctx.cluster.instances.map((i) => i.url);
  console.log('\n== discount-code guesses split over A and B, or naming a new address each through the balancer, are limited at the same count as on one');
  let guesses = 0;
  /** How many guesses `guess(i)` makes before the first 429. */
  const guessesUntilLimited = async (guess: (i: number, path: string) => Promise<{ status: number; text: string }>) => {
    for (let i = 0; i < 100; i++) {
      const res = await guess(i, `/api/validate-discount?code=NOPE-${ctx.runTag}-${guesses++}&subtotal=50`);
      if (res.status === 429) return i;
      if (res.status !== 200) throw new Error(`validate-discount → ${res.status} ${res.text}`);
    }
    return -1;
  };
  const asClient = (client: string, bases: string[]) => (i: number, path: string) =>
    send(bases[i % bases.length], 'POST', path, { headers: { 'x-forwarded-for': client } });
  const one = await guessesUntilLimited(asClient('198.51.100.10', [a]));
  const split = await guessesUntilLimited(asClient('198.51.100.11', [a, b]));
  ctx.checks.check(
    'guesses alternating over A and B are refused at the same count as on A alone',
    one > 0 && split === one,
    `one instance: limited after ${one}; A and B: after ${split}`,
  );
  // Issue #24 §1: a client that is not the trusted front names a new address on every guess;
  // the balancer writes its connection's address instead, so it is still one client.
  const forged = await guessesUntilLimited((i, path) =>
    requestFrom(UNTRUSTED_CLIENT, `${ctx.cluster.url}${path}`, {
      method: 'POST',
      headers: { 'x-forwarded-for': `203.0.113.${i % 250}`, 'x-real-ip': `203.0.113.${i % 250}`, forwarded: `for=203.0.113.${i % 250}` },
    }),
  );
  ctx.checks.check(
    "guesses through the balancer with a forged X-Forwarded-For each share one client's limit",
    forged === one,
    `one client: limited after ${one}; a new forged address on each guess: after ${forged === -1 ? 'never (100 guesses)' : forged}`,
  );
}

export async function sessionsAreShared(ctx: ClusterContext): Promise<void> {
  const { checks } = ctx;
  const [a, b] = ctx.cluster.instances.map((i) => i.url);
  console.log('\n== sessions signed in through A work on B');
  const email = `cluster-${ctx.runTag}@example.com`;
  const registered = await send(a, 'POST', '/api/auth/user-register', { form: { email, password: 'correct horse battery', name: 'Cluster' } });
  const signedIn = await send(a, 'POST', '/api/auth/user-login', { form: { email, password: 'correct horse battery' } });
  const customerCookie = (signedIn.headers.get('set-cookie') ?? '').split(';')[0];
  checks.check(
    'a customer registers and signs in through A',
    registered.status === 200 && signedIn.status === 200 && customerCookie.includes('='),
    `${registered.status}, ${signedIn.status}`,
  );
  const customerOnB = await send(b, 'GET', '/api/account/vouchers', { headers: { cookie: customerCookie } });
  const strangerOnB = await send(b, 'GET', '/api/account/vouchers');
  checks.check(
    "the customer's session cookie from A is signed in on B (and no cookie is not)",
    customerOnB.status === 200 && strangerOnB.status === 401,
    `${customerOnB.status} with, ${strangerOnB.status} without`,
  );

  const admin = await send(a, 'POST', '/api/auth/login', { form: { username: 'admin', password: 'admin' } });
  const adminCookie = (admin.headers.get('set-cookie') ?? '').split(';')[0];
  const adminOnB = await send(b, 'GET', '/api/admin/session', { headers: { cookie: adminCookie } });
  const noAdminOnB = await send(b, 'GET', '/api/admin/session');
  checks.check(
    "the admin's session cookie from A is signed in on B (and no cookie is not)",
    admin.status === 200 && adminOnB.status === 200 && noAdminOnB.status === 401,
    `${adminOnB.status} with, ${noAdminOnB.status} without`,
  );
}

export async function bulkUploadAcrossInstances(ctx: ClusterContext): Promise<void> {
  const { checks } = ctx;
  const [a, b] = ctx.cluster.instances.map((i) => i.url);
  console.log('\n== a bulk upload posted to A, polled to completion through B');
  // Warm both listings first, so "appears" means the cached page was invalidated.
  for (let i = 0; i < 2; i++) await Promise.all([send(a, 'GET', '/products'), send(b, 'GET', '/products')]);
  const admin = { authorization: `Bearer ${await adminToken(a)}` };
  const tag = `cluster${ctx.runTag}`;
  const body = new FormData();
  for (let i = 0; i < 3; i++) {
    const png = await sharp({ create: { width: 40, height: 30, channels: 3, background: { r: 60 * i, g: 120, b: 200 } } })
      .png()
      .toBuffer();
    body.append('files', new Blob([new Uint8Array(png)], { type: 'image/png' }), `Cluster upload ${tag} ${i}.png`);
  }
  body.append('price', '3.50');
  body.append('category', 'Clip Art');
  body.append('tags', tag);
  const posted = await send(a, 'POST', '/api/admin/bulk-upload', { headers: admin, body });
  checks.check('the upload is accepted by A', posted.status === 202, `${posted.status} ${posted.status === 202 ? '' : posted.text}`);
  const batchId = (posted.json() as { batch_id: string }).batch_id;
  let progress = { stage: '', successful_files: 0 };
  const done = await within(60_000, async () => {
    progress = (await send(b, 'GET', `/api/admin/upload-progress/${batchId}`, { headers: admin })).json() as typeof progress;
    return ['complete', 'failed', 'partial'].includes(progress.stage);
  });
  checks.check(
    'B reports the batch complete, every file a product',
    done.ok && progress.stage === 'complete' && progress.successful_files === 3,
    `${progress.stage}, ${progress.successful_files} of 3, ${done.detail}`,
  );
  const made = (await send(a, 'GET', `/api/products?search=${tag}`)).json() as { id: string }[];
  const listed = await within(10_000, async () => {
    const [onA, onB] = await Promise.all([send(a, 'GET', '/products'), send(b, 'GET', '/products')]);
    return made.length === 3 && made.every(({ id }) => productIdsIn(onA.text).includes(id) && productIdsIn(onB.text).includes(id));
  });
  checks.check("the uploaded products are on A's and B's /products", listed.ok, `${made.length} made; ${listed.detail}`);
}
