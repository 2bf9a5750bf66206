// What each part of the cluster proof (issue #16 §3) gets: the running cluster
// of `npm run cluster` (scripts/lib/cluster.ts) and the services behind it.
import type { Cluster } from '../../scripts/lib/cluster';
import type { Checks } from '../../bench/lib/load-checks';

export type ClusterContext = {
  cluster: Cluster;
  databaseUrl: string;
  mailDir: string;
  runTag: string;
  checks: Checks;
  /** "label: value" lines for the console and bench/results/cluster.md. */
  figures: string[];
};

/**
 * The cluster test's balancer trusts 127.0.0.1 as its front (the simulated shoppers connect from
 * there and name their own addresses, as a CDN would); a client connecting from this other
 * loopback address is anyone else on the Internet.
 */
export const TRUSTED_FRONT = '127.0.0.1';
export const UNTRUSTED_CLIENT = '127.0.0.2';

export type Reply = { status: number; text: string; headers: Headers; json: () => unknown };

/** One request to `base` (an instance or the balancer); redirects are answers, not followed. */
export async function send(
  base: string,
  method: string,
  path: string,
  init: { headers?: Record<string, string>; json?: unknown; form?: Record<string, string>; body?: BodyInit } = {},
): Promise<Reply> {
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

/**
 * Polls `read` every 100 ms: `ok` when it held within `ms`. When it did not, polling goes on
 * for up to 15 s more so the report tells "late" (and by how much) from "never".
 */
export async function within(ms: number, read: () => Promise<boolean>): Promise<{ ok: boolean; after: number; detail: string }> {
  const started = Date.now();
  for (;;) {
    const held = await read().catch(() => false);
    const after = Date.now() - started;
    if (held) return { ok: after <= ms, after, detail: after <= ms ? `after ${after} ms` : `only after ${after} ms` };
    if (after > ms + 15_000) return { ok: false, after, detail: `not after ${after} ms` };
    await new Promise((r) => setTimeout(r, 100));
  }
}
