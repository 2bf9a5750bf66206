// The balancer's rules (scripts/lib/balancer.ts, Decisions 072) on the real HAProxy that
// `npm run cluster` runs, in front of two stand-in instances (tests/support/balancer-backend.mjs)
// that are really killed: who the shop is told the client is, which requests an instance that
// dies takes with it, and how soon the balancer stops sending it work.
import { spawn, spawnSync, type ChildProcess } from 'node:child_process';
import { readFileSync, mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { HAPROXY_BIN, startBalancer, type Balancer } from '../../scripts/lib/balancer';
import { freePort } from '../../scripts/lib/embedded-postgres';
import { requestFrom } from '../support/request-from';

type Backend = { name: string; port: number; proc: ChildProcess; lines: string[] };
type Answer = { status: number; body: { server?: string; id?: string; forwardedFor?: string | null; realIp?: string | null; forwarded?: string | null } };

const dir = mkdtempSync(join(tmpdir(), 'balancer-'));
// The one front this balancer trusts, as a CDN or TLS terminator would be: another loopback address.
const FRONT = '127.0.0.2';
const ports = { balancer: 0, a: 0, b: 0 };
let balancer: Balancer;
let a: Backend;
let b: Backend;

async function startBackend(name: string, port: number, mode: 'holds' | 'sick' | 'well'): Promise<Backend> {
  const proc = spawn(process.execPath, ['tests/support/balancer-backend.mjs', name, String(port), mode], {
    stdio: ['ignore', 'pipe', 'inherit'],
  });
  const backend: Backend = { name, port, proc, lines: [] };
  proc.stdout?.on('data', (chunk: Buffer) => backend.lines.push(...chunk.toString().split('\n').filter(Boolean)));
  await until(() => backend.lines.includes('listening'), 10_000, `${name} listening`);
  return backend;
}

async function until(condition: () => boolean, timeoutMs: number, what: string): Promise<void> {
  const deadline = Date.now() + timeoutMs;
  while (!condition()) {
    if (Date.now() > deadline) throw new Error(`timed out waiting for ${what}`);
    await new Promise((r) => setTimeout(r, 20));
  }
}

/** One request to the balancer, from `localAddress` (127.0.0.1 unless given), tagged with the test's id. */
async function send(method: string, path: string, options: { id?: string; headers?: Record<string, string>; localAddress?: string } = {}): Promise<Answer> {
  const reply = await requestFrom(options.localAddress ?? '127.0.0.1', `http://127.0.0.1:${ports.balancer}${path}`, {
    method,
    headers: {
      ...options.headers,
      ...(options.id ? { 'x-request-id': options.id } : {}),
      ...(method === 'POST' ? { 'content-type': 'application/json' } : {}),
    },
    body: method === 'POST' ? JSON.stringify({ order: options.id }) : undefined,
  });
  return { status: reply.status, body: reply.headers['content-type'] === 'application/json' ? JSON.parse(reply.text) : {} };
}

const haproxyLog = () => readFileSync(balancer.logFile, 'utf8');
const count = (text: string, needle: string) => text.split(needle).length - 1;

/** How many times HAProxy had marked A down when A was last killed. */
let downsBeforeKill = 0;

async function killA(): Promise<number> {
  downsBeforeKill = count(haproxyLog(), 'web-a is DOWN');
  const gone = new Promise((r) => a.proc.once('exit', r));
  a.proc.kill('SIGKILL');
  await gone;
  return Date.now();
}

/** Once HAProxy has marked the killed A down, starts A again on its port and waits until HAProxy has taken it back. */
async function restartA(): Promise<void> {
  await until(() => count(haproxyLog(), 'web-a is DOWN') > downsBeforeKill, 10_000, 'HAProxy to mark web-a down');
  const ups = count(haproxyLog(), 'web-a is UP');
  a = await startBackend('web-a', ports.a, 'holds');
  await until(() => count(haproxyLog(), 'web-a is UP') > ups, 10_000, 'HAProxy to take web-a back');
}

beforeAll(async () => {
  for (const key of ['balancer', 'a', 'b'] as const) ports[key] = await freePort();
  a = await startBackend('web-a', ports.a, 'holds');
  b = await startBackend('web-b', ports.b, 'well');
  balancer = await startBalancer({
    port: ports.balancer,
    dir,
    trustedFronts: [FRONT],
    backends: [
      { name: 'web-a', address: `127.0.0.1:${ports.a}` },
      { name: 'web-b', address: `127.0.0.1:${ports.b}` },
    ],
  });
  // Both instances answer through the balancer before anything is measured.
  const seen = new Set<string>();
  for (let i = 0; i < 200 && seen.size < 2; i++) {
    const answer = await send('GET', '/ready').catch(() => null); // refused until HAProxy listens
    if (answer) seen.add(answer.body.server ?? '');
    else await new Promise((r) => setTimeout(r, 50));
  }
  expect([...seen].sort()).toEqual(['web-a', 'web-b']);
});

afterAll(async () => {
  await balancer?.stop();
  for (const backend of [a, b]) if (backend?.proc.exitCode === null && backend.proc.signalCode === null) backend.proc.kill('SIGKILL');
  rmSync(dir, { recursive: true, force: true });
});

describe('the client address the shop is told', () => {
  it('is the connecting address whatever X-Forwarded-For, X-Real-IP or Forwarded a client sends', async () => {
    for (let i = 0; i < 4; i++) {
      const { body } = await send('GET', '/who', {
        headers: { 'x-forwarded-for': `198.51.100.${i}`, 'x-real-ip': '198.51.100.99', forwarded: 'for=198.51.100.98' },
      });
      expect(body).toMatchObject({ forwardedFor: '127.0.0.1', realIp: null, forwarded: null });
    }
  });

  it("keeps the trusted front's X-Forwarded-For and adds the front's own address", async () => {
    const { body } = await send('GET', '/who', { headers: { 'x-forwarded-for': '203.0.113.9' }, localAddress: FRONT });
    expect(body.forwardedFor).toBe(`203.0.113.9, ${FRONT}`);
  });
});

describe('an instance that dies', () => {
  it('takes no GET with it: the ones it held are answered by the other instance', async () => {
    const ids = Array.from({ length: 6 }, (_, i) => `get-${i}`);
    const answers = Promise.all(ids.map((id) => send('GET', `/hold?${id}`, { id })));
    await until(() => a.lines.some((l) => l.startsWith('held ')), 10_000, 'web-a to hold a GET');
    await killA();
    const held = a.lines.filter((l) => l.startsWith('held ')).map((l) => l.slice(5));
    const results = await answers;
    expect(held.length).toBeGreaterThan(0);
    expect(results.map((r) => r.status)).toEqual(ids.map(() => 200));
    expect(results.every((r) => r.body.server === 'web-b')).toBe(true);
  });

  it('never sends a POST it held to the other instance (the work may be done): that one request fails', async () => {
    await restartA();
    const ids = Array.from({ length: 6 }, (_, i) => `post-${i}`);
    const answers = Promise.all(ids.map((id) => send('POST', `/hold?${id}`, { id })));
    await until(() => a.lines.some((l) => l.startsWith('held ')), 10_000, 'web-a to hold a POST');
    await killA();
    const results = await answers;
    const held = new Set(a.lines.filter((l) => l.startsWith('held ')).map((l) => l.slice(5)));
    const servedByB = new Set(b.lines.filter((l) => l.startsWith('served post-')).map((l) => l.slice(7)));
    expect(held.size).toBeGreaterThan(0);
    expect([...held].filter((id) => servedByB.has(id))).toEqual([]);
    for (const [i, id] of ids.entries()) expect(results[i].status).toBe(held.has(id) ? 502 : 200);
  });

  it('is taken out of the rotation within a second, with no request to notice it', async () => {
    await restartA();
    const killedAt = await killA();
    await until(() => count(haproxyLog(), 'web-a is DOWN') > downsBeforeKill, 10_000, 'HAProxy to mark web-a down');
    expect(Date.now() - killedAt).toBeLessThan(1_000);
  });

  it('leaves the last instance that accepts connections in use even when its health checks fail (no 503 to everyone)', async () => {
    // A answers everything but its health check (an overloaded survivor); B dies: no checked server is up.
    a = await startBackend('web-a', ports.a, 'sick');
    const downs = count(haproxyLog(), 'web-b is DOWN');
    const gone = new Promise((r) => b.proc.once('exit', r));
    b.proc.kill('SIGKILL');
    await gone;
    await until(() => count(haproxyLog(), 'web-b is DOWN') > downs, 10_000, 'HAProxy to mark web-b down');
    const answers = await Promise.all(['GET', 'GET', 'POST', 'GET'].map((method, i) => send(method, `/survivor?${i}`, { id: `last-${i}` })));
    expect(answers.map((r) => [r.status, r.body.server])).toEqual(answers.map(() => [200, 'web-a']));
  });
});

describe("compose's deploy/haproxy.cfg", () => {
  it('is accepted by HAProxy 2.6 with no trusted front and with a list of them, and refuses a front that is not an address', () => {
    const check = (front: string) =>
      spawnSync(HAPROXY_BIN, ['-c', '-q', '-f', 'deploy/haproxy.cfg'], { env: { ...process.env, TRUSTED_FRONT: front }, encoding: 'utf8' });
    expect(check('').status).toBe(0);
    expect(check('203.0.113.10 198.51.100.0/24').status).toBe(0);
    expect(check('cdn.example.com.invalid').status).not.toBe(0);
  });
});
