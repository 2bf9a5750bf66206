// Timed HTTP for `npm run test:load`: every request is recorded (route group,
// status, latency, when it started and ended) so a scenario can judge any
// time window afterwards, e.g. "the requests that ran while Postgres was down".
// Plain fetch: bodies are read to the end, redirects are not followed (a 3xx
// is an answer, as a browser would see it).

export type Sample = {
  group: string;
  method: string;
  status: number; // 0: no HTTP answer (refused, reset, timed out)
  ms: number;
  startedAt: number;
  endedAt: number;
  error?: string;
  body?: string;
  /** A 2xx page that rendered without its data (the shop logs the failure and shows a fallback). */
  degraded?: string;
};

export type Recorder = { samples: Sample[] };

export const isOk = (s: Sample) => s.status >= 200 && s.status < 400;

export function newRecorder(): Recorder {
  return { samples: [] };
}

type TimedInit = RequestInit & { timeoutMs?: number; keepBody?: boolean };

/** One request, recorded under `group`; never throws (a failure is a sample with status 0). */
export async function timedFetch(
  recorder: Recorder,
  group: string,
  url: string,
  init: TimedInit = {},
): Promise<{ sample: Sample; text: string; headers: Headers | null }> {
  const { timeoutMs = 15_000, keepBody = false, ...rest } = init;
  const startedAt = performance.now();
  let status = 0;
  let text = '';
  let headers: Headers | null = null;
  let error: string | undefined;
  try {
    const response = await fetch(url, { redirect: 'manual', signal: AbortSignal.timeout(timeoutMs), ...rest });
    status = response.status;
    headers = response.headers;
    text = await response.text();
  } catch (e) {
    error = e instanceof Error ? `${e.name}: ${(e.cause as Error | undefined)?.message ?? e.message}` : String(e);
  }
  const endedAt = performance.now();
  const sample: Sample = {
    group,
    method: (rest.method ?? 'GET').toUpperCase(),
    status,
    ms: endedAt - startedAt,
    startedAt,
    endedAt,
    ...(error ? { error } : {}),
  };
  // Error bodies are kept so a failure can be shown and its shape checked.
  if (keepBody || status >= 400) sample.body = text.slice(0, 50_000);
  recorder.samples.push(sample);
  return { sample, text, headers };
}

export function percentile(sorted: number[], p: number): number {
  if (sorted.length === 0) return 0;
  const index = Math.min(sorted.length - 1, Math.max(0, Math.ceil((p / 100) * sorted.length) - 1));
  return sorted[index];
}

export type Summary = { count: number; errors: number; degraded: number; p50: number; p90: number; p99: number; max: number };

export function summarize(samples: Sample[]): Summary {
  const times = samples.map((s) => s.ms).sort((a, b) => a - b);
  return {
    count: samples.length,
    errors: samples.filter((s) => !isOk(s)).length,
    degraded: samples.filter((s) => s.degraded).length,
    p50: percentile(times, 50),
    p90: percentile(times, 90),
    p99: percentile(times, 99),
    max: times.at(-1) ?? 0,
  };
}

const ms = (n: number) => `${Math.round(n)}`;

/** A fixed-width table of per-group figures, plus the total line. */
export function formatSummaries(samples: Sample[], seconds: number): string {
  const groups = [...new Set(samples.map((s) => s.group))].sort();
  const rows = groups.map((g) => [g, summarize(samples.filter((s) => s.group === g))] as const);
  rows.push(['(all)', summarize(samples)]);
  const header = `${'group'.padEnd(22)} ${'requests'.padStart(8)} ${'req/s'.padStart(6)} ${'errors'.padStart(6)} ${'empty'.padStart(5)} ${'p50 ms'.padStart(7)} ${'p90 ms'.padStart(7)} ${'p99 ms'.padStart(7)} ${'max ms'.padStart(7)}`;
  const lines = rows.map(
    ([g, s]) =>
      `${g.padEnd(22)} ${String(s.count).padStart(8)} ${(s.count / seconds).toFixed(1).padStart(6)} ${String(s.errors).padStart(6)} ${String(s.degraded).padStart(5)} ${ms(s.p50).padStart(7)} ${ms(s.p90).padStart(7)} ${ms(s.p99).padStart(7)} ${ms(s.max).padStart(7)}`,
  );
  return [header, ...lines].join('\n');
}

/** The first few failures, readable: what a failed check prints. */
export function describeFailures(samples: Sample[], limit = 5): string {
  return samples
    .filter((s) => !isOk(s))
    .slice(0, limit)
    .map((s) => `  ${s.group} → ${s.status || s.error} after ${Math.round(s.ms)} ms${s.body ? `: ${s.body.replace(/\s+/g, ' ').slice(0, 160)}` : ''}`)
    .join('\n');
}

export const sleep = (milliseconds: number) => new Promise<void>((r) => setTimeout(r, milliseconds));
