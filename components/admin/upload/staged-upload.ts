'use client';

import type { ApiError } from '@/components/data/api';
import type { StagedUploadRequest, StagedUploadResponse, StagedUploadTarget, UploadCompleteResponse, UploadUrlsResponse } from '@/lib/contract/staged-uploads';
import { api } from '../session';

// A bulk upload the way Decision 070 has it: the shop opens the batch and signs
// one PUT per image, the browser sends every image straight to storage, and
// reports finished files in small groups so the worker starts on them while the
// rest are still uploading; then it closes the batch. The shop's web process
// never carries an image byte, so shoppers do not wait behind an upload.

/** PUTs in flight: enough to fill a typical uplink, few enough to leave the page responsive. */
const PUT_CONCURRENCY = 3;
/** Report finished files once this many are waiting, or this long after the first of them. */
const REPORT_GROUP = 5;
const REPORT_AFTER_MS = 2_000;
/** A URL this close to expiry is renewed before its PUT starts (storage checks expiry at the start). */
const RENEW_MARGIN_MS = 60_000;

export type StagedFields = Omit<StagedUploadRequest, 'files'>;
export type StagedResult = { ok: true; batchId: string; unsent: number } | { ok: false; error: ApiError };

type Callbacks = {
  /** The batch exists: progress can be polled while the files upload. */
  onStarted: (batchId: string) => void;
  onSent: (sent: number, total: number) => void;
};

const base = (batchId: string) => `/api/admin/bulk-upload/${encodeURIComponent(batchId)}`;

/** Each file's target, renewed in one call for every file still to send when any is about to expire. */
function urlBook(batchId: string, uploads: StagedUploadTarget[]) {
  const targets = new Map(uploads.map((u) => [u.file_id, u]));
  const unsent = new Set(targets.keys());
  let renewal: Promise<void> | null = null;
  const renew = async () => {
    const result = await api.post<UploadUrlsResponse>(`${base(batchId)}/urls`, { file_ids: [...unsent] });
    if (result.ok) for (const u of result.body.uploads) targets.set(u.file_id, u);
  };
  return {
    sent: (fileId: string) => unsent.delete(fileId),
    async target(fileId: string): Promise<StagedUploadTarget> {
      const current = targets.get(fileId) as StagedUploadTarget;
      if (Date.parse(current.expires_at) - Date.now() > RENEW_MARGIN_MS) return current;
      renewal ??= renew().finally(() => (renewal = null));
      await renewal;
      return targets.get(fileId) as StagedUploadTarget;
    },
  };
}

/** Finished files reported in groups, one report at a time; a failed report is folded into the next. */
function receivedReporter(batchId: string) {
  let waiting: string[] = [];
  let timer: ReturnType<typeof setTimeout> | null = null;
  let chain = Promise.resolve();
  const flush = () => {
    if (timer) clearTimeout(timer);
    timer = null;
    const ids = waiting;
    waiting = [];
    if (ids.length === 0) return chain;
    chain = chain.then(async () => {
      const result = await api.post(`${base(batchId)}/received`, { file_ids: ids });
      if (!result.ok) waiting.push(...ids);
    });
    return chain;
  };
  return {
    add(fileId: string) {
      waiting.push(fileId);
      if (waiting.length >= REPORT_GROUP) void flush();
      else timer ??= setTimeout(() => void flush(), REPORT_AFTER_MS);
    },
    /** Everything reported (a last failed report is tried once more). */
    async finish() {
      await flush();
      await flush();
    },
  };
}

/** One PUT, tried again once if the network dropped or storage had a moment (5xx). */
async function send(file: File, target: () => Promise<StagedUploadTarget>): Promise<boolean> {
  for (let attempt = 0; attempt < 2; attempt++) {
    const { url, headers } = await target();
    const result = await api.putFile(url, file, headers);
    if (result.ok) return true;
    if (result.error.status !== 0 && result.error.status < 500) return false;
  }
  return false;
}

export async function uploadStaged(files: File[], types: string[], fields: StagedFields, on: Callbacks): Promise<StagedResult> {
  const declared = files.map((file, i) => ({ name: file.name, size: file.size, type: types[i] }));
  const created = await api.post<StagedUploadResponse>('/api/admin/bulk-upload/staged', { ...fields, files: declared });
  if (!created.ok) return created;
  const { batch_id: batchId, uploads } = created.body;
  on.onStarted(batchId);

  const book = urlBook(batchId, uploads);
  const reporter = receivedReporter(batchId);
  let next = 0;
  let sent = 0;
  const worker = async () => {
    while (next < files.length) {
      const index = next++;
      const fileId = uploads[index].file_id;
      // A file that could not be sent stays awaiting: closing the batch reports it as never received.
      if (!(await send(files[index], () => book.target(fileId)))) continue;
      book.sent(fileId);
      reporter.add(fileId);
      on.onSent(++sent, files.length);
    }
  };
  await Promise.all(Array.from({ length: Math.min(PUT_CONCURRENCY, files.length) }, worker));
  await reporter.finish();

  let closed = await api.post<UploadCompleteResponse>(`${base(batchId)}/complete`);
  if (!closed.ok && closed.error.status === 0) closed = await api.post<UploadCompleteResponse>(`${base(batchId)}/complete`);
  if (!closed.ok) return closed;
  return { ok: true, batchId, unsent: files.length - sent };
}
