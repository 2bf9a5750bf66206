// SECURITY (issue #24 §6, Decisions 073): the demo is not on the network by accident. A real
// `npm start` (scripts/start.ts) serving the tested build listens on 127.0.0.1 only unless HOST
// says otherwise; with NODE_ENV=production it listens where it is told, every interface when
// HOST is unset. Another loopback address (127.0.0.2) stands for another machine: a server bound
// to 127.0.0.1 refuses it, one bound to every interface answers it.
import { spawn } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { createConnection } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { needsBuild, recordBuild } from '../../scripts/lib/shop-prepare';
import { freeLocalPort } from './shop-server';

const distDir = process.env.NEXT_DIST_DIR ?? '.next-test';
const OTHER_MACHINE = '127.0.0.2';
const dataDir = mkdtempSync(join(tmpdir(), 'shop-listen-'));

/** `npm start`'s environment on the runner's database, storage and build; HOST and NODE_ENV as each test says. */
function startEnv(port: number, overrides: Record<string, string | undefined>): NodeJS.ProcessEnv {
  const env: Record<string, string | undefined> = {
    ...process.env,
    PORT: String(port),
    DATA_DIR: dataDir,
    NEXT_DIST_DIR: distDir,
    SITE_URL: process.env.SHOP_URL,
    SHOP_EMBEDDED: '1',
    SHOP_DISABLE_WORKER: '1',
    HOST: undefined,
    NODE_ENV: undefined,
    ...overrides,
  };
  for (const [key, value] of Object.entries(env)) if (value === undefined) delete env[key];
  return env as NodeJS.ProcessEnv;
}

function accepts(host: string, port: number): Promise<boolean> {
  return new Promise((resolve) => {
    const socket = createConnection({ host, port });
    socket.once('connect', () => (socket.destroy(), resolve(true)));
    socket.once('error', () => resolve(false));
  });
}

/** Runs `npm start` until it answers on 127.0.0.1, reports whether another address reaches it, stops it. */
async function startAndProbe(overrides: Record<string, string | undefined>): Promise<{ loopback: boolean; otherMachine: boolean; output: string }> {
  const port = await freeLocalPort();
  const child = spawn(process.execPath, ['--conditions=react-server', '--import', 'tsx', 'scripts/start.ts'], {
    env: startEnv(port, overrides),
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let output = '';
  child.stdout?.on('data', (c: Buffer) => (output += c.toString()));
  child.stderr?.on('data', (c: Buffer) => (output += c.toString()));
  const exited = new Promise<void>((done) => child.once('exit', () => done()));
  try {
    const deadline = Date.now() + 60_000;
    let loopback = false;
    while (!loopback && Date.now() < deadline && child.exitCode === null) {
      loopback = await fetch(`http://127.0.0.1:${port}/api/health`).then(
        (r) => r.ok,
        () => false,
      );
      if (!loopback) await new Promise((r) => setTimeout(r, 200));
    }
    if (!loopback) throw new Error(`npm start did not answer on 127.0.0.1:${port}:\n${output}`);
    return { loopback, otherMachine: await accepts(OTHER_MACHINE, port), output };
  } finally {
    child.kill('SIGTERM');
    await exited;
  }
}

beforeAll(async () => {
  // npm start serves the runner's build only when it was made with these settings and is newer
  // than the sources; otherwise it would build into the folder the other tests are served from.
  const env = startEnv(0, {});
  await recordBuild(env, distDir);
  if (await needsBuild(env, distDir)) throw new Error(`${distDir} is older than the sources: rerun the tests`);
});

afterAll(() => rmSync(dataDir, { recursive: true, force: true }));

describe('npm start', () => {
  it('listens on this machine only when HOST is unset', async () => {
    const probe = await startAndProbe({});
    expect(probe.otherMachine, probe.output).toBe(false);
  });

  it('listens where HOST says (0.0.0.0: reachable from other machines)', async () => {
    const probe = await startAndProbe({ HOST: '0.0.0.0' });
    expect(probe.otherMachine, probe.output).toBe(true);
  });

  it('with NODE_ENV=production keeps listening where it is told: every interface when HOST is unset', async () => {
    const probe = await startAndProbe({ NODE_ENV: 'production' });
    expect(probe.otherMachine, probe.output).toBe(true);
  });
});
