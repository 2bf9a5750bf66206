// Issue #24 §3: "Download all" cannot exhaust the storage connections. A ZIP
// holds a storage connection for as long as its client reads, so a customer (or
// a guest order) streams at most two at once, whichever instances serve them,
// each instance at most ZIP_DOWNLOADS_PER_INSTANCE, and ZIPs read storage
// through a pool of their own (Decision 074). Over HTTP against the production
// build: the runner's shop and a second instance on the same database whose
// storage sits behind a TCP link the test can cut, with two connections in each
// of its pools. Slow clients are real: they leave the body unread, so TCP flow
// control holds the shop, which holds the object it is reading from storage.
import { randomBytes } from 'node:crypto';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import sharp from 'sharp';
import { unzip } from '../support/unzip';
import { callFrom, openFrom, readReply, type OpenReply } from './clients';
import { adminToken, call, clearRateLimits, closeDb, count, expectErrorShape, registerCustomer, SHOP_URL, sql, unique } from './helpers';
import { spawnShop, waitForShop, type ShopProcess } from './shop-server';
import { TcpLink } from './tcp-link';

/** Far more than every buffer between storage and a client that stopped reading (about 9 MB here). */
const PACK_BYTES = 32 * 1024 * 1024;
const README = `Read me ${unique()}\n`;
const octet = () => 2 + (randomBytes(1)[0] % 250);
const block = `127.${octet()}.${octet()}`;
// Each test downloads from an address of its own, so no test spends another's download rate limit.
const from = (n: number) => `${block}.${n}`;

let second: ShopProcess;
let link: TcpLink;
let productId: string;
let productTitle: string;
let media: string;
let pack: Buffer;
const opened: OpenReply[] = [];

beforeAll(async () => {
  const storage = new URL(process.env.S3_ENDPOINT as string);
  link = await TcpLink.open({ host: storage.hostname, port: Number(storage.port) });
  second = await spawnShop({ S3_ENDPOINT: link.through(storage.toString()).replace(/\/$/, ''), ZIP_DOWNLOADS_PER_INSTANCE: '2', S3_MAX_CONNECTIONS: '2' });
  pack = randomBytes(PACK_BYTES);
  const upload = new FormData();
  productTitle = `Zip slots ${unique()}`;
  upload.append('title', productTitle);
  upload.append('price', '5');
  upload.append('category', 'Clip Art');
  const mockup = await sharp({ create: { width: 40, height: 40, channels: 3, background: { r: 200, g: 90, b: 10 } } })
    .png()
    .toBuffer();
  upload.append('mockup', new Blob([new Uint8Array(mockup)], { type: 'image/png' }), 'mockup.png');
  // A .zip is stored in the ZIP as it is: no deflating, so bytes flow only as fast as the client reads.
  upload.append('files', new Blob([new Uint8Array(pack)], { type: 'application/zip' }), 'pack.zip');
  upload.append('files', new Blob([README], { type: 'text/plain' }), 'readme.txt');
  const created = await call('POST', '/api/admin/individual-upload', { headers: { authorization: `Bearer ${await adminToken()}` }, body: upload });
  expect(created.status, created.text).toBe(201);
  productId = (created.body as { product_id: string }).product_id;
  media = `/api/media/previews/${productId}.webp`;
  expect((await fetch(`${SHOP_URL}${media}`)).status).toBe(200);
  await waitForShop(second);
}, 120_000);

afterEach(() => {
  for (const zip of opened.splice(0)) zip.abort();
});

afterAll(async () => {
  for (const zip of opened.splice(0)) zip.abort();
  await second?.stop();
  await link?.down();
  await sql(`DELETE FROM "RateLimit" WHERE key LIKE $1`, [`%:${block}.%`]);
  await clearRateLimits('checkout', 'register');
  await closeDb();
}, 60_000);

/** A paid order of the product, for the customer whose headers are given, or a guest's. */
async function buy(auth: Record<string, string> = {}): Promise<string> {
  const checkout = await call('POST', '/api/checkout/session', { headers: auth, json: [{ product_id: productId }] });
  expect(checkout.status, checkout.text).toBe(200);
  const sessionId = (checkout.body as { session_id: string }).session_id;
  const paid = await call('POST', `/api/checkout/test/${sessionId}/complete`, { headers: auth, json: { email: 'zip-buyer@example.com' } });
  expect(paid.status, paid.text).toBe(200);
  return sessionId;
}

async function guestHolder(sessionId: string): Promise<string> {
  const [order] = await sql<{ id: string }>(`SELECT id FROM "Order" WHERE "sessionId" = $1`, [sessionId]);
  return `order:${order.id}`;
}

/** Starts "Download all" as a client that reads nothing yet; kept open until the test ends. */
async function startZip(sessionId: string, address: string, options: { auth?: Record<string, string>; shop?: string } = {}): Promise<OpenReply> {
  // The answer starts once the first object is open: a ZIP waiting for a storage connection never answers.
  const zip = await openFrom(address, 'GET', `/api/download/${sessionId}/all`, { headers: options.auth, headTimeoutMs: 20_000 }, options.shop ?? SHOP_URL);
  opened.push(zip);
  return zip;
}

async function expectStreaming(zip: OpenReply) {
  expect(zip.status, zip.status === 200 ? '' : (await readReply(zip)).text).toBe(200);
  expect(zip.headers.get('content-type')).toBe('application/zip');
}

/** 429 in the one error shape, telling the client when to come back (a ZIP let through is not read: it could wait forever). */
async function expectRefused(zip: OpenReply, detail: RegExp) {
  expect(zip.status, 'a ZIP over the cap was let through').not.toBe(200);
  const reply = await readReply(zip);
  expectErrorShape(reply, 429);
  expect(reply.body).toMatchObject({ code: 'rate_limited', detail: expect.stringMatching(detail) });
  expect(Number(reply.headers.get('retry-after'))).toBeGreaterThanOrEqual(1);
}
const HOLDER_FULL = /already downloading/;
const INSTANCE_FULL = /Please try again in \d+ seconds/;

/** The rest of the body; rejects when the connection breaks first or nothing arrives for `quietMs`. */
async function readAll(zip: OpenReply, quietMs = 20_000): Promise<Buffer> {
  const chunks: Buffer[] = [];
  let quiet: ReturnType<typeof setTimeout> | undefined;
  const stalled = () => {
    clearTimeout(quiet);
    quiet = setTimeout(() => zip.body.destroy(new Error(`no byte for ${quietMs} ms: the ZIP stalled`)), quietMs);
  };
  stalled();
  try {
    for await (const chunk of zip.body) {
      chunks.push(chunk as Buffer);
      stalled();
    }
  } finally {
    clearTimeout(quiet);
  }
  return Buffer.concat(chunks);
}

async function expectWholeOrder(zip: Buffer) {
  const entries = await unzip(zip);
  const folder = productTitle.replace(/\s+/g, ' ');
  expect(entries.map((e) => e.name).sort()).toEqual([`${folder}/pack.zip`, `${folder}/readme.txt`]);
  expect(entries.find((e) => e.name.endsWith('pack.zip'))!.body.equals(pack)).toBe(true);
}

/** Leases of `holder` that still count (present and not lapsed). */
const liveLeases = (holder: string) => count('ZipDownloadLease', 'holder = $1 AND "expiresAt" > now()', [holder]);

async function waitFor(what: string, condition: () => Promise<boolean>, { timeoutMs = 20_000, everyMs = 200 } = {}) {
  const deadline = Date.now() + timeoutMs;
  while (!(await condition())) {
    if (Date.now() > deadline) throw new Error(`Waited ${timeoutMs} ms for ${what}`);
    await new Promise((r) => setTimeout(r, everyMs));
  }
}

/** A single download: the redirect, then the file from storage through its presigned URL. */
async function expectSingleDownload(sessionId: string, address: string, auth: Record<string, string>, shop = SHOP_URL) {
  const res = await callFrom(address, 'GET', `/api/download/${sessionId}/${productId}?file_index=1`, { headers: auth }, shop);
  expect(res.status, res.text).toBe(302);
  const file = await fetch(res.headers.get('location')!, { signal: AbortSignal.timeout(15_000) });
  expect(await file.text()).toBe(README);
}

describe('"Download all" under slow clients', () => {
  it('lets one customer stream two ZIPs at once across instances; an aborted one frees its slot at once', async () => {
    const customer = await registerCustomer('zip-slots');
    const holder = `customer:${customer.id}`;
    const sessionId = await buy(customer.auth);
    const address = from(10);
    const first = await startZip(sessionId, address, { auth: customer.auth });
    const other = await startZip(sessionId, address, { auth: customer.auth });
    await expectStreaming(first);
    await expectStreaming(other);

    // A third on the same instance, or on the other one, which streams nothing yet.
    await expectRefused(await startZip(sessionId, address, { auth: customer.auth }), HOLDER_FULL);
    await expectRefused(await startZip(sessionId, address, { auth: customer.auth, shop: second.url }), HOLDER_FULL);
    expect(await count('DownloadLog', `"orderId" = (SELECT id FROM "Order" WHERE "sessionId" = $1)`, [sessionId])).toBe(4);

    // Single downloads and media are served while both slots are held.
    await expectSingleDownload(sessionId, address, customer.auth);
    expect((await fetch(`${SHOP_URL}${media}`, { signal: AbortSignal.timeout(15_000) })).status).toBe(200);

    first.abort();
    await waitFor('the aborted ZIP to give back its slot', async () => (await liveLeases(holder)) === 1);
    const next = await startZip(sessionId, address, { auth: customer.auth });
    await expectStreaming(next);
    await expectWholeOrder(await readAll(next));
    await waitFor('the finished ZIP to give back its slot', async () => (await liveLeases(holder)) === 1);
  });

  it('counts a guest link per order: a second order of the same client has slots of its own; a finished ZIP frees its slot', async () => {
    const [orderA, orderB] = [await buy(), await buy()];
    const holderA = await guestHolder(orderA);
    const address = from(11);
    const a1 = await startZip(orderA, address);
    const a2 = await startZip(orderA, address);
    await expectStreaming(a1);
    await expectStreaming(a2);
    await expectRefused(await startZip(orderA, address), HOLDER_FULL);
    await expectStreaming(await startZip(orderB, address));

    await expectWholeOrder(await readAll(a1));
    await waitFor('the finished ZIP to give back its slot', async () => (await liveLeases(holderA)) === 1);
    await expectStreaming(await startZip(orderA, address));
  });

  it("answers HEAD with the ZIP's headers alone, to its owner only: no slot taken, no storage read, nothing logged", async () => {
    const [owner, stranger] = [await registerCustomer('zip-head'), await registerCustomer('zip-head-other')];
    const sessionId = await buy(owner.auth);
    const address = from(15);
    const head = (auth: Record<string, string>) => callFrom(address, 'HEAD', `/api/download/${sessionId}/all`, { headers: auth });
    // More HEADs than the customer has slots: each must leave them as they were.
    for (let i = 0; i < 3; i++) {
      const res = await head(owner.auth);
      expect(res.status).toBe(200);
      expect(res.headers.get('content-type')).toBe('application/zip');
      expect(res.headers.get('content-disposition')).toBe(`attachment; filename="order-${sessionId.slice(-12)}.zip"`);
    }
    expect((await head(stranger.auth)).status).toBe(404);
    expect(await count('ZipDownloadLease', 'holder = $1', [`customer:${owner.id}`])).toBe(0);
    expect(await count('DownloadLog', `"orderId" = (SELECT id FROM "Order" WHERE "sessionId" = $1)`, [sessionId])).toBe(0);
    await expectStreaming(await startZip(sessionId, address, { auth: owner.auth }));
    await expectStreaming(await startZip(sessionId, address, { auth: owner.auth }));
  });

  it('caps an instance, whose ZIPs read storage through their own connections: media and single downloads are still served', async () => {
    const [g1, g2, g3] = [await buy(), await buy(), await buy()];
    const address = from(12);
    const z1 = await startZip(g1, address, { shop: second.url });
    const z2 = await startZip(g2, address, { shop: second.url });
    await expectStreaming(z1);
    await expectStreaming(z2);
    await expectRefused(await startZip(g3, address, { shop: second.url }), INSTANCE_FULL);
    // Another instance has room of its own.
    await expectStreaming(await startZip(g3, address));

    // Both ZIP connections are held by clients that read nothing; the instance's two other connections serve the rest.
    const images = await Promise.all(
      [1, 2, 3].map(async () => {
        const res = await fetch(`${second.url}${media}`, { signal: AbortSignal.timeout(15_000) });
        return { status: res.status, bytes: (await res.arrayBuffer()).byteLength };
      }),
    );
    expect(
      images.every((i) => i.status === 200 && i.bytes > 0),
      JSON.stringify(images),
    ).toBe(true);
    await expectSingleDownload(g1, address, {}, second.url);

    // The aborted ZIP's storage connection is let go: the next ZIP gets one of the two and reads the whole order.
    z1.abort();
    await waitFor('the aborted ZIP to give back its slot', async () => (await liveLeases(await guestHolder(g1))) === 0);
    const z3 = await startZip(g3, address, { shop: second.url });
    await expectStreaming(z3);
    await expectWholeOrder(await readAll(z3));
  });

  it('frees the slot of a ZIP that fails part way when storage breaks, and the client sees a broken download', async () => {
    const customer = await registerCustomer('zip-fail');
    const holder = `customer:${customer.id}`;
    const sessionId = await buy(customer.auth);
    const address = from(13);
    const breaking = await startZip(sessionId, address, { auth: customer.auth, shop: second.url });
    await expectStreaming(breaking);
    await expectStreaming(await startZip(sessionId, address, { auth: customer.auth }));
    await expectRefused(await startZip(sessionId, address, { auth: customer.auth }), HOLDER_FULL);

    // The connection to storage is cut while the shop waits for the client; the
    // ZIP fails as it reads on, and the client's download breaks off.
    await link.down();
    try {
      await expect(readAll(breaking)).rejects.toThrow(/aborted|reset|terminated|socket/i);
    } finally {
      await link.up();
    }
    await waitFor('the failed ZIP to give back its slot', async () => (await liveLeases(holder)) === 1);
    const again = await startZip(sessionId, address, { auth: customer.auth, shop: second.url });
    await expectStreaming(again);
    await expectWholeOrder(await readAll(again));
  });

  it("keeps a crashed instance's slot until its lease lapses, while a live instance renews its own", async () => {
    const customer = await registerCustomer('zip-crash');
    const holder = `customer:${customer.id}`;
    const sessionId = await buy(customer.auth);
    const address = from(14);
    await expectStreaming(await startZip(sessionId, address, { auth: customer.auth, shop: second.url }));
    const [{ leaseId: crashedLease }] = await sql<{ leaseId: string }>(`SELECT "leaseId" FROM "ZipDownloadLease" WHERE holder = $1`, [holder]);
    await expectStreaming(await startZip(sessionId, address, { auth: customer.auth }));
    const [live] = await sql<{ leaseId: string; expiresAt: Date }>(
      `SELECT "leaseId", "expiresAt" FROM "ZipDownloadLease" WHERE holder = $1 AND "leaseId" <> $2`,
      [holder, crashedLease],
    );

    process.kill(second.pid!, 'SIGKILL');
    await second.exited;
    // Nothing tells the shop that the instance died: its slot counts until the lease lapses.
    await expectRefused(await startZip(sessionId, address, { auth: customer.auth }), HOLDER_FULL);
    let admitted: OpenReply | undefined;
    await waitFor(
      'the crashed instance lease to lapse',
      async () => {
        const attempt = await startZip(sessionId, address, { auth: customer.auth });
        if (attempt.status === 200) admitted = attempt;
        else await readReply(attempt);
        return admitted !== undefined;
      },
      // Every 1.5 s: the lease lapses within 30 s, and the download rate limit allows 60 a minute.
      { timeoutMs: 60_000, everyMs: 1500 },
    );
    await expectStreaming(admitted!);
    // The live instance renewed its lease meanwhile, so its ZIP still holds the other slot.
    const [renewed] = await sql<{ expiresAt: Date }>(`SELECT "expiresAt" FROM "ZipDownloadLease" WHERE "leaseId" = $1`, [live.leaseId]);
    expect(renewed.expiresAt.getTime()).toBeGreaterThan(live.expiresAt.getTime());
    await expectRefused(await startZip(sessionId, address, { auth: customer.auth }), HOLDER_FULL);
  }, 120_000);
});
