// Production servers for `npm run bench`, each pinned to CPU 0 with taskset so
// that the load generator (pinned to CPU 1) never competes with it: the shop as
// `npm start` serves it (server.mjs), the ceiling app with `next start`.
// Loopback only.
import { spawn, type ChildProcess } from 'node:child_process';
import { NEXT_BIN, shopServerCommand } from '../../scripts/lib/build';
import { freePort } from '../../scripts/lib/embedded-postgres';

export const SERVER_CPU = '0';
export const LOAD_CPU = '1';

export type RunningServer = { url: string; pid: number; stop: () => Promise<void> };

/** An existing build served on a free port, pinned to SERVER_CPU: the shop's (dir omitted) or `next start` of the app in `dir`. */
export async function startPinnedServer(options: { dir?: string; distDir?: string; env: NodeJS.ProcessEnv; log: (m: string) => void }): Promise<RunningServer> {
  const port = await freePort();
  const [command, commandArgs] = options.dir ? [NEXT_BIN, ['start', options.dir, '-p', String(port), '-H', '127.0.0.1']] : shopServerCommand(port, '127.0.0.1');
  const args = ['-c', SERVER_CPU, command, ...commandArgs];
  const env: NodeJS.ProcessEnv = { ...options.env, NODE_ENV: 'production', PORT: String(port), ...(options.distDir ? { NEXT_DIST_DIR: options.distDir } : {}) };
  const child = spawn('taskset', args, { env, stdio: ['ignore', 'pipe', 'pipe'] });
  const output: string[] = [];
  const keep = (chunk: Buffer) => output.push(chunk.toString()) > 200 && output.shift();
  child.stdout?.on('data', keep);
  child.stderr?.on('data', keep);
  const url = `http://127.0.0.1:${port}`;
  await waitUntilUp(url, child, output);
  options.log(`${options.dir ? `next start ${options.dir}` : 'the shop'} on ${url} (pid ${child.pid}, CPU ${SERVER_CPU})`);
  return { url, pid: child.pid as number, stop: () => stopChild(child) };
}

async function waitUntilUp(url: string, child: ChildProcess, output: string[]): Promise<void> {
  const deadline = Date.now() + 60_000;
  while (Date.now() < deadline) {
    if (child.exitCode !== null) throw new Error(`the server exited (${child.exitCode}):\n${output.join('')}`);
    try {
      await fetch(`${url}/favicon.ico`, { signal: AbortSignal.timeout(2_000) });
      return;
    } catch {
      await new Promise((r) => setTimeout(r, 200));
    }
  }
  child.kill('SIGKILL');
  throw new Error(`the server did not answer within 60 s:\n${output.join('')}`);
}

async function stopChild(child: ChildProcess): Promise<void> {
  if (child.exitCode !== null) return;
  const exited = new Promise((r) => child.once('exit', r));
  child.kill('SIGTERM');
  const timer = setTimeout(() => child.kill('SIGKILL'), 5_000);
  await exited;
  clearTimeout(timer);
}
