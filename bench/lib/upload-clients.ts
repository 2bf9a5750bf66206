// The admin's browser sending a bulk upload, both ways the shop takes one, for
// `bench:upload --storefront`: `direct` as the Upload tab does now (Decision
// 070: open a staged batch, PUT each image straight to storage three at a
// time, report finished ones in groups of five, complete), `multipart` as it
// did before (one streamed multipart POST through the web process).
import { readFile, stat } from 'node:fs/promises';
import { basename } from 'node:path';
import { MULTIPART_BOUNDARY, multipartBody } from './multipart-body';

export type UploadPath = 'direct' | 'multipart';

type Batch = { url: string; admin: Record<string, string>; category: string; files: string[] };

const FIELDS = (category: string) => ({ price: '5.00', category, tags: 'bench' });
/** As the Upload tab: PUTs in flight, and finished files per report (components/admin/upload/staged-upload.ts). */
const PUT_CONCURRENCY = 3;
const REPORT_GROUP = 5;

async function expectStatus(response: Response, status: number, what: string): Promise<unknown> {
  const text = await response.text();
  if (response.status !== status) throw new Error(`${what} answered ${response.status}: ${text.slice(0, 300)}`);
  return text ? JSON.parse(text) : null;
}

async function sendMultipart({ url, admin, category, files }: Batch): Promise<string> {
  const response = await fetch(`${url}/api/admin/bulk-upload`, {
    method: 'POST',
    headers: { ...admin, 'content-type': `multipart/form-data; boundary=${MULTIPART_BOUNDARY}` },
    body: multipartBody(FIELDS(category), files),
    duplex: 'half',
  } as RequestInit);
  return ((await expectStatus(response, 202, 'bulk upload')) as { batch_id: string }).batch_id;
}

async function sendDirect({ url, admin, category, files }: Batch): Promise<string> {
  const json = { ...admin, 'content-type': 'application/json' };
  const declared = await Promise.all(files.map(async (file) => ({ name: basename(file), size: (await stat(file)).size, type: 'image/png' })));
  const created = await fetch(`${url}/api/admin/bulk-upload/staged`, {
    method: 'POST',
    headers: json,
    body: JSON.stringify({ ...FIELDS(category), files: declared }),
  });
  type Target = { file_id: string; url: string; headers: Record<string, string> };
  const { batch_id: batchId, uploads } = (await expectStatus(created, 201, 'staged upload')) as { batch_id: string; uploads: Target[] };
  const base = `${url}/api/admin/bulk-upload/${batchId}`;

  let reports = Promise.resolve();
  const report = (fileIds: string[]) => {
    reports = reports.then(async () => {
      const res = await fetch(`${base}/received`, { method: 'POST', headers: json, body: JSON.stringify({ file_ids: fileIds }) });
      await expectStatus(res, 202, 'received');
    });
  };
  const waiting: string[] = [];
  let next = 0;
  const worker = async () => {
    while (next < files.length) {
      const index = next++;
      const target = uploads[index];
      const res = await fetch(target.url, { method: 'PUT', headers: target.headers, body: await readFile(files[index]) });
      await expectStatus(res, 200, `PUT of ${basename(files[index])}`);
      waiting.push(target.file_id);
      if (waiting.length >= REPORT_GROUP) report(waiting.splice(0));
    }
  };
  await Promise.all(Array.from({ length: PUT_CONCURRENCY }, worker));
  if (waiting.length) report(waiting.splice(0));
  await reports;
  await expectStatus(await fetch(`${base}/complete`, { method: 'POST', headers: admin }), 200, 'complete');
  return batchId;
}

/** Sends the whole batch; resolves with its id once the shop has been told the last file is in. */
export function sendBatch(path: UploadPath, batch: Batch): Promise<string> {
  return path === 'direct' ? sendDirect(batch) : sendMultipart(batch);
}
