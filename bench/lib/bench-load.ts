// Load generation for `npm run bench`. runLoad() runs autocannon in a child
// process pinned to LOAD_CPU, so the generator never shares a core with the
// server under test (pinned to SERVER_CPU); the child reports JSON on stdout.
// Latencies are collected per response, so p95 is exact rather than read off
// autocannon's fixed percentile list (which has p97.5 but no p95).
import { spawn } from 'node:child_process';
import { fileURLToPath } from 'node:url';
import { LOAD_CPU } from './bench-server';

export type Scenario = {
  name: string;
  /** Base URL of the server; `paths` are rotated request by request. */
  url: string;
  paths: string[];
  method?: 'GET' | 'POST';
  body?: string;
  headers?: Record<string, string>;
  /** A different X-Forwarded-For per request: the per-client rate limits (checkout, downloads) would otherwise answer 429. */
  uniqueClientIp?: boolean;
  expectStatus: number;
  connections: number;
  seconds: number;
  warmupSeconds: number;
};

export type LoadResult = {
  name: string;
  connections: number;
  seconds: number;
  requests: number;
  requestsPerSecond: number;
  p50: number;
  p95: number;
  p99: number;
  /** Responses with another status than expected, plus socket errors and time-outs. */
  unexpected: number;
  bytesPerResponse: number;
};

const THIS_FILE = fileURLToPath(import.meta.url);

export async function runLoad(scenario: Scenario): Promise<LoadResult> {
  const [result] = await runInChild({ scenarios: [scenario], rounds: 1 });
  return result;
}

/**
 * Two scenarios in alternating slices (`rounds` of seconds/rounds each), so
 * that both see the same background load: on a machine shared with other
 * work, two 10-second runs one after the other can differ by 2×.
 */
export async function runPair(a: Scenario, b: Scenario, rounds: number): Promise<[LoadResult, LoadResult]> {
  const [ra, rb] = await runInChild({ scenarios: [a, b], rounds });
  return [ra, rb];
}

type Job = { scenarios: Scenario[]; rounds: number };

async function runInChild(job: Job): Promise<LoadResult[]> {
  const child = spawn('taskset', ['-c', LOAD_CPU, process.execPath, '--import', 'tsx', THIS_FILE, JSON.stringify(job)], {
    stdio: ['ignore', 'pipe', 'inherit'],
  });
  let out = '';
  child.stdout.on('data', (chunk: Buffer) => (out += chunk.toString()));
  const code = await new Promise<number>((done) => child.once('exit', (c) => done(c ?? 1)));
  if (code !== 0) throw new Error(`load generator for "${job.scenarios.map((s) => s.name).join('" and "')}" exited with ${code}`);
  return JSON.parse(out.trim().split('\n').at(-1) as string) as LoadResult[];
}

function percentile(sorted: number[], p: number): number {
  if (sorted.length === 0) return 0;
  return sorted[Math.min(sorted.length - 1, Math.ceil((p / 100) * sorted.length) - 1)];
}

// Module-wide, so addresses stay unique across the slices of a paired run.
let ip = 0;

async function fire(scenario: Scenario, seconds: number) {
  const { default: autocannon } = await import('autocannon');
  let next = 0;
  const instance = autocannon({
    url: scenario.url,
    connections: scenario.connections,
    duration: seconds,
    timeout: 10,
    requests: [
      {
        method: scenario.method ?? 'GET',
        body: scenario.body,
        headers: { ...(scenario.body ? { 'content-type': 'application/json' } : {}), ...scenario.headers },
        setupRequest: (request) => {
          const path = scenario.paths[next++ % scenario.paths.length];
          if (!scenario.uniqueClientIp) return { ...request, path };
          ip++;
          const address = `10.${(ip >> 16) & 255}.${(ip >> 8) & 255}.${ip & 255}`;
          return { ...request, path, headers: { ...request.headers, 'x-forwarded-for': address } };
        },
      },
    ],
  });
  const latencies: number[] = [];
  let unexpected = 0;
  let bytes = 0;
  instance.on('response', (_client: unknown, status: number, resBytes: number, ms: number) => {
    latencies.push(ms);
    bytes += resBytes;
    if (status !== scenario.expectStatus) unexpected++;
  });
  const result = await instance;
  return { latencies, unexpected: unexpected + result.errors + result.timeouts, bytes, duration: result.duration };
}

async function main(job: Job): Promise<LoadResult[]> {
  for (const scenario of job.scenarios) if (scenario.warmupSeconds > 0) await fire(scenario, scenario.warmupSeconds);
  const runs = job.scenarios.map(() => ({ latencies: [] as number[], unexpected: 0, bytes: 0, duration: 0 }));
  for (let round = 0; round < job.rounds; round++) {
    for (const [i, scenario] of job.scenarios.entries()) {
      const slice = await fire(scenario, scenario.seconds / job.rounds);
      runs[i].latencies.push(...slice.latencies);
      runs[i].unexpected += slice.unexpected;
      runs[i].bytes += slice.bytes;
      runs[i].duration += slice.duration;
    }
  }
  const round = (n: number) => Math.round(n * 10) / 10;
  return job.scenarios.map((scenario, i) => {
    const run = runs[i];
    const sorted = run.latencies.sort((a, b) => a - b);
    return {
      name: scenario.name,
      connections: scenario.connections,
      seconds: scenario.seconds,
      requests: sorted.length,
      requestsPerSecond: Math.round(sorted.length / run.duration),
      p50: round(percentile(sorted, 50)),
      p95: round(percentile(sorted, 95)),
      p99: round(percentile(sorted, 99)),
      unexpected: run.unexpected,
      bytesPerResponse: sorted.length ? Math.round(run.bytes / sorted.length) : 0,
    };
  });
}

if (process.argv[1] === THIS_FILE) {
  main(JSON.parse(process.argv[2]) as Job)
    .then((result) => console.log(JSON.stringify(result)))
    .catch((error: unknown) => {
      console.error(error);
      process.exit(1);
    });
}
