// The processes `npm run cluster` and the load runs drive: shop servers
// (server.mjs) on the production build and the standalone job worker
// (scripts/worker.ts), each logging to a file so a failed check can show what
// the shop said.
import { spawn, type ChildProcess } from 'node:child_process';
import { openSync, closeSync, readFileSync, existsSync } from 'node:fs';
import { shopServerCommand } from './build';
import { setTimeout as sleep } from 'node:timers/promises';

export type Managed = {
  name: string;
  proc: ChildProcess;
  logFile: string;
  /** Resolves with the exit code (or signal) once the process is gone. */
  exited: Promise<string>;
  stop: (signal?: NodeJS.Signals) => Promise<string>;
};

function manage(name: string, proc: ChildProcess, logFile: string, fd: number): Managed {
  const exited = new Promise<string>((resolve) => {
    proc.once('exit', (code, signal) => {
      closeSync(fd);
      resolve(signal ?? String(code));
    });
  });
  return {
    name,
    proc,
    logFile,
    exited,
    async stop(signal: NodeJS.Signals = 'SIGTERM') {
      if (proc.exitCode === null && proc.signalCode === null) proc.kill(signal);
      const timer = setTimeout(() => proc.kill('SIGKILL'), 15_000);
      const how = await exited;
      clearTimeout(timer);
      return how;
    },
  };
}

export function startShop(options: {
  name: string;
  port: number;
  distDir: string;
  env: NodeJS.ProcessEnv;
  logFile: string;
  /** Behind a balancer: how long SIGTERM keeps it serving while its health check says it is leaving. */
  drainMs?: number;
}): Managed & { url: string } {
  const fd = openSync(options.logFile, 'a');
  const proc = spawn(...shopServerCommand(options.port, '127.0.0.1', { drainMs: options.drainMs }), {
    stdio: ['ignore', fd, fd],
    env: { ...options.env, NEXT_DIST_DIR: options.distDir, PORT: String(options.port) },
  });
  return { ...manage(options.name, proc, options.logFile, fd), url: `http://127.0.0.1:${options.port}` };
}

/**
 * The standalone worker, run by node itself (not through the tsx launcher) so
 * that a SIGKILL hits the process doing the work, as a crashed host would.
 */
export function startWorker(options: { env: NodeJS.ProcessEnv; logFile: string }): Managed {
  const fd = openSync(options.logFile, 'a');
  const proc = spawn(process.execPath, ['--conditions=react-server', '--import', 'tsx', 'scripts/worker.ts'], {
    stdio: ['ignore', fd, fd],
    env: options.env,
  });
  return manage('worker', proc, options.logFile, fd);
}

/** Waits until the shop answers its health check (Postgres reachable), up to `timeoutMs`. */
export async function waitForShop(url: string, timeoutMs = 60_000): Promise<void> {
  const deadline = Date.now() + timeoutMs;
  while (Date.now() < deadline) {
    try {
      const res = await fetch(`${url}/api/health`, { signal: AbortSignal.timeout(5_000) });
      if (res.ok) return;
    } catch {
      // not listening yet
    }
    await sleep(250);
  }
  throw new Error(`The shop did not become healthy at ${url}`);
}

export function tail(file: string, lines = 20): string {
  if (!existsSync(file)) return '';
  return readFileSync(file, 'utf8').trimEnd().split('\n').slice(-lines).join('\n');
}
