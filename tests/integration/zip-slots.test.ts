// "Download all" admission and ZIP stream endings (Decision 074) on real
// Postgres and a real S3-protocol server: the per-holder lease under a race,
// a lapsed lease taken over, the per-instance count, and a ZIP whose client
// stops taking bytes giving its slot back.
import { randomBytes } from 'node:crypto';
import { beforeAll, describe, expect, it } from 'vitest';

async function loadApp() {
  const [downloads, errors, db, env, storage, archive] = await Promise.all([
    import('@/lib/domain/downloads'),
    import('@/lib/domain/errors'),
    import('@/lib/infra/db'),
    import('@/lib/env'),
    import('@/lib/infra/storage'),
    import('@/lib/infra/archive'),
  ]);
  return { ...downloads, AppError: errors.AppError, db: db.db, env: env.env, ...storage, zipObjects: archive.zipObjects };
}

let app: Awaited<ReturnType<typeof loadApp>>;
const holder = (name: string) => `it-zip-${name}-${randomBytes(4).toString('hex')}`;

/** The slot, or the refusal it was answered with. */
async function tryAcquire(name: string) {
  return app.acquireZipSlot(name).catch((error: unknown) => {
    if (error instanceof app.AppError && error.code === 'rate_limited') return error;
    throw error;
  });
}
const slots = (results: unknown[]) => results.filter((r): r is { release: () => void } => !(r instanceof app.AppError));
const liveLeases = (name: string) => app.db().zipDownloadLease.count({ where: { holder: name, expiresAt: { gt: new Date() } } });

async function waitFor(what: string, condition: () => Promise<boolean>) {
  const deadline = Date.now() + 10_000;
  while (!(await condition())) {
    if (Date.now() > deadline) throw new Error(`Waited 10 s for ${what}`);
    await new Promise((r) => setTimeout(r, 50));
  }
}

beforeAll(async () => {
  app = await loadApp();
  await app.ensureBuckets();
});

describe('ZIP slots', () => {
  it('admits exactly two of twenty simultaneous starts of one holder, and refuses the rest with Retry-After', async () => {
    const name = holder('race');
    const results = await Promise.all(Array.from({ length: 20 }, () => tryAcquire(name)));
    const admitted = slots(results);
    expect(admitted).toHaveLength(app.ZIPS_PER_HOLDER);
    const refused = results.filter((r) => r instanceof app.AppError);
    expect(refused).toHaveLength(20 - app.ZIPS_PER_HOLDER);
    // Some of the twenty may meet the instance's cap before the holder's: both are 429 with a wait.
    for (const error of refused) expect(error.retryAfterSeconds).toBe(app.ZIP_RETRY_AFTER_SECONDS);
    expect(await liveLeases(name)).toBe(2);
    for (const slot of admitted) slot.release();
    await waitFor('both leases to go', async () => (await liveLeases(name)) === 0);
    const again = slots([await tryAcquire(name), await tryAcquire(name)]);
    expect(again).toHaveLength(2);
    for (const slot of again) slot.release();
  });

  it('takes over a lease that lapsed (its instance died), never one that is live', async () => {
    const name = holder('lapsed');
    await app.db().zipDownloadLease.createMany({
      data: [
        { holder: name, slot: 0, leaseId: `dead-${name}`, expiresAt: new Date(Date.now() - 1000) },
        { holder: name, slot: 1, leaseId: `live-${name}`, expiresAt: new Date(Date.now() + 60_000) },
      ],
    });
    const first = await tryAcquire(name);
    expect(first).not.toBeInstanceOf(app.AppError);
    const second = await tryAcquire(name);
    expect(second).toBeInstanceOf(app.AppError);
    expect((second as Error).message).toMatch(/already downloading/);
    const rows = await app.db().zipDownloadLease.findMany({ where: { holder: name }, orderBy: { slot: 'asc' } });
    expect(rows.map((r) => r.leaseId)).toEqual([expect.not.stringMatching(/^dead-/), `live-${name}`]);
    (first as { release: () => void }).release();
  });

  it('caps the instance whatever the holders, and a slot released twice frees one place only', async () => {
    const cap = app.env().ZIP_DOWNLOADS_PER_INSTANCE;
    const held = slots(await Promise.all(Array.from({ length: cap }, (_, i) => tryAcquire(holder(`instance-${i}`)))));
    expect(held).toHaveLength(cap);
    const over = await tryAcquire(holder('instance-over'));
    expect(over).toBeInstanceOf(app.AppError);
    expect((over as Error).message).toMatch(/try again in \d+ seconds/);
    held[0].release();
    held[0].release();
    const next = slots([await tryAcquire(holder('instance-next')), await tryAcquire(holder('instance-next2'))]);
    expect(next).toHaveLength(1);
    for (const slot of [...held.slice(1), ...next]) slot.release();
  });
});

describe('zipObjects endings', () => {
  const key = `it-zip-slots/${randomBytes(4).toString('hex')}`;

  it('settles once when the ZIP is read to the end', async () => {
    await app.putObject('private', `${key}/a.txt`, 'alpha', 'text/plain');
    let settled = 0;
    const stream = app.zipObjects([{ path: 'x/a.txt', storageKey: `${key}/a.txt` }], { onSettled: () => settled++ });
    expect((await new Response(stream).arrayBuffer()).byteLength).toBeGreaterThan(0);
    expect(settled).toBe(1);
  });

  it('fails the ZIP and settles when its client takes nothing for the stall time', async () => {
    await app.putObject('private', `${key}/big.bin`, randomBytes(4 * 1024 * 1024), 'application/zip');
    let settled = 0;
    const stream = app.zipObjects([{ path: 'x/big.zip', storageKey: `${key}/big.bin` }], { onSettled: () => settled++, stallSeconds: 1 });
    const reader = stream.getReader();
    await reader.read();
    await waitFor('the stalled ZIP to give up', async () => settled === 1);
    await expect(
      (async () => {
        for (;;) if ((await reader.read()).done) return;
      })(),
    ).rejects.toThrow(/took nothing for 1 s/);
    expect(settled).toBe(1);
  });
});
