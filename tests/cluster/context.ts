// What each part of the cluster proof (issue #16 §3) gets: the running cluster
// of `npm run cluster` (scripts/lib/cluster.ts) and the services behind it.
import type { Cluster } from '../../scripts/lib/cluster';
import type { Checks } from '../../scripts/lib/load-checks';

export type ClusterContext = {
  cluster: Cluster;
  databaseUrl: string;
  mailDir: string;
  runTag: string;
  checks: Checks;
  /** "label: value" lines for the console and bench/results/cluster.md. */
  figures: string[];
};

export type Reply = { status: number; text: string; headers: Headers; json: () => unknown };

/** One request to `base` (an instance or the balancer); redirects are answers, not followed. */
export async function send(base: string, method: string, path: string, init: { headers?: Record<string, string>; json?: unknown; form?: Record<string, string>; body?: BodyInit } = {}): Promise<Reply> {
  const headers: Record<string, string> = { ...init.headers };
  let body = init.body;
  if (init.json !== undefined) {
    headers['content-type'] = 'application/json';
    body = JSON.stringify(init.json);
  } else if (init.form) body = new URLSearchParams(init.form);
  const res = await fetch(`${base}${path}`, { method, headers, body, redirect: 'manual', signal: AbortSignal.timeout(20_000) });
  const text = await res.text();
  return { status: res.status, text, headers: res.headers, json: () => JSON.parse(text) };
}

/** Polls `read` every 100 ms until `ok` or `ms` have passed; returns whether it got there and how long it took. */
export async function within(ms: number, read: () => Promise<boolean>): Promise<{ ok: boolean; after: number }> {
  const started = Date.now();
  for (;;) {
    if (await read().catch(() => false)) return { ok: true, after: Date.now() - started };
    if (Date.now() - started > ms) return { ok: false, after: Date.now() - started };
    await new Promise((r) => setTimeout(r, 100));
  }
}
