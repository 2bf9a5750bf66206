// Scenario 4: the upload worker dies mid-batch. The web instance runs with
// SHOP_DISABLE_WORKER=1 and the standalone worker (scripts/worker.ts) does the
// image work. An admin uploads a batch through POST /api/admin/bulk-upload; once
// some files are done the worker is SIGKILLed (no chance to tidy up) and a new
// one started. The batch must complete with every file exactly once.
import sharp from 'sharp';
import { Checks, query } from '../lib/load-checks';
import { sleep } from '../lib/load-http';
import type { LoadContext, ScenarioResult } from './context';

const FILES = 20;
const KILL_AFTER_DONE = 4;
const SIDE = 1600;

/** A distinct RGB PNG per index: a diagonal gradient with light grain, a few MB like real artwork. */
async function makePng(index: number): Promise<Buffer> {
  const pixels = Buffer.alloc(SIDE * SIDE * 3);
  let seed = (index + 1) * 2654435761;
  for (let y = 0; y < SIDE; y++) {
    for (let x = 0; x < SIDE; x++) {
      seed = (seed * 1103515245 + 12345) >>> 0;
      const grain = (seed >>> 24) & 15;
      const at = (y * SIDE + x) * 3;
      pixels[at] = ((x * 255) / SIDE + index * 37 + grain) & 255;
      pixels[at + 1] = ((y * 255) / SIDE + grain) & 255;
      pixels[at + 2] = (((x + y) * 127) / SIDE + index * 11) & 255;
    }
  }
  return sharp(pixels, { raw: { width: SIDE, height: SIDE, channels: 3 } })
    .png({ compressionLevel: 3 })
    .toBuffer();
}

type Counts = { pending: number; processing: number; done: number; failed: number };

async function batchCounts(databaseUrl: string, batchId: string): Promise<Counts> {
  const rows = await query<{ status: keyof Counts; n: number }>(
    databaseUrl,
    `SELECT status, count(*)::int AS n FROM "UploadFile" WHERE "batchId" = $1 GROUP BY status`,
    [batchId],
  );
  const counts: Counts = { pending: 0, processing: 0, done: 0, failed: 0 };
  for (const row of rows) counts[row.status] = row.n;
  return counts;
}

const show = (c: Counts) => `${c.done} done, ${c.processing} processing, ${c.pending} pending, ${c.failed} failed`;

export async function workerKill(ctx: LoadContext): Promise<ScenarioResult> {
  const name = `S4 upload worker SIGKILLed mid-batch (${FILES} PNGs)`;
  console.log(`\n== ${name}`);
  const checks = new Checks('S4');
  const base = ctx.shopUrl;
  const headers = { origin: base, 'x-forwarded-for': '192.0.2.44' };

  const login = await fetch(`${base}/api/auth/login`, {
    method: 'POST',
    headers: { ...headers, 'content-type': 'application/json' },
    body: JSON.stringify({ username: 'admin', password: 'admin' }),
  });
  const { token } = (await login.json()) as { token: string };

  const form = new FormData();
  form.set('price', '3.50');
  form.set('category', 'Clip Art');
  form.set('tags', `load-${ctx.runTag}`);
  for (let i = 0; i < FILES; i++)
    form.append('files', new Blob([new Uint8Array(await makePng(i))], { type: 'image/png' }), `Load ${ctx.runTag} Design ${i + 1}.png`);

  const uploadStarted = performance.now();
  const upload = await fetch(`${base}/api/admin/bulk-upload`, { method: 'POST', headers: { ...headers, authorization: `Bearer ${token}` }, body: form });
  const uploadBody = (await upload.json()) as { batch_id?: string; detail?: string };
  if (!checks.check('the batch is accepted', upload.status === 202 && Boolean(uploadBody.batch_id), `${upload.status} ${uploadBody.detail ?? ''}`)) {
    return { name, checks: checks.list, figures: [] };
  }
  const batchId = uploadBody.batch_id as string;

  // Kill as soon as a few files are done: the rest are pending or in the worker's hands.
  let atKill: Counts = { pending: 0, processing: 0, done: 0, failed: 0 };
  const killDeadline = Date.now() + 120_000;
  while (Date.now() < killDeadline) {
    atKill = await batchCounts(ctx.databaseUrl, batchId);
    if (atKill.done >= KILL_AFTER_DONE || atKill.done + atKill.failed >= FILES) break;
    await sleep(50);
  }
  const how = await ctx.worker().stop('SIGKILL');
  const killedAt = performance.now();
  atKill = await batchCounts(ctx.databaseUrl, batchId);
  console.log(`  worker killed (${how}) ${((killedAt - uploadStarted) / 1000).toFixed(1)} s after the upload began: ${show(atKill)}`);
  checks.check('the kill landed mid-batch', atKill.done > 0 && atKill.done < FILES, show(atKill));

  ctx.restartWorker();
  const waitMs = ctx.options.reclaimWaitSeconds * 1000;
  let counts = atKill;
  while (performance.now() - killedAt < waitMs) {
    counts = await batchCounts(ctx.databaseUrl, batchId);
    if (counts.done + counts.failed >= FILES) break;
    await sleep(500);
  }
  const finishedAfter = (performance.now() - killedAt) / 1000;
  const complete = counts.done === FILES;
  let detail = `${show(counts)} ${finishedAfter.toFixed(1)} s after the kill`;
  if (!complete) {
    const [stuck] = await query<{ n: number; lockedSeconds: number }>(
      ctx.databaseUrl,
      `SELECT count(*)::int AS n, coalesce(max(extract(epoch FROM now() - started_on)), 0)::int AS "lockedSeconds"
         FROM pgboss.job WHERE name = 'upload.file' AND state = 'active' AND data->>'fileId' IN (SELECT id FROM "UploadFile" WHERE "batchId" = $1)`,
      [batchId],
    );
    detail += `; ${stuck.n} job(s) still locked by the killed worker (held ${stuck.lockedSeconds} s): a dead worker's job runs again only once it has expired (UPLOAD_JOB_SECONDS in lib/domain/uploads/limits.ts, plus the queue's maintenance interval and the retry delay); waited ${ctx.options.reclaimWaitSeconds} s (LOAD_RECLAIM_WAIT_SECONDS)`;
  }
  checks.check(`the restarted worker completes the batch within ${ctx.options.reclaimWaitSeconds} s`, complete, detail);

  const [products] = await query<{ linked: number; tagged: number; jobs: number; doneJobs: number }>(
    ctx.databaseUrl,
    `SELECT (SELECT count(*)::int FROM "UploadFile" u JOIN "Product" p ON p.id = u."productId" WHERE u."batchId" = $1) AS linked,
            (SELECT count(*)::int FROM "Product" p WHERE $2 = ANY(p.tags)) AS tagged,
            (SELECT count(*)::int FROM pgboss.job j WHERE j.name = 'upload.file' AND j.data->>'fileId' IN (SELECT id FROM "UploadFile" WHERE "batchId" = $1)) AS jobs,
            (SELECT count(*)::int FROM pgboss.job j WHERE j.name = 'upload.file' AND j.state = 'completed' AND j.data->>'fileId' IN (SELECT id FROM "UploadFile" WHERE "batchId" = $1)) AS "doneJobs"`,
    [batchId, `load-${ctx.runTag}`],
  );
  checks.check(
    'one product per file, no duplicates',
    products.tagged === products.linked && products.tagged <= FILES && (!complete || products.tagged === FILES),
    `${products.tagged} products for ${FILES} files (${products.linked} linked to the batch); jobs ${products.doneJobs}/${products.jobs} done`,
  );

  return {
    name,
    checks: checks.list,
    figures: [
      `at the kill: ${show(atKill)}`,
      `after restart: ${show(counts)} at +${finishedAfter.toFixed(1)} s; products ${products.tagged} for ${FILES} files`,
    ],
  };
}
