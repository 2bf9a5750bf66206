// Debian's redis-server as a throw-away local service, for `npm run cluster`
// and the tests of the shared cache (Decisions 055). Nothing is downloaded: a
// missing binary is a message naming the apt package.
import { spawn, type ChildProcess } from 'node:child_process';
import { existsSync, mkdirSync } from 'node:fs';
import { createConnection } from 'node:net';
import { join } from 'node:path';
import { freePort } from './embedded-postgres';

export const REDIS_BIN = '/usr/bin/redis-server';

export type LocalRedis = { url: string; port: number; process: ChildProcess; stop: () => Promise<void> };

/** The binary, or an Error whose message says which Debian package to install. */
export function requireBinary(path: string, aptPackage: string): string {
  if (existsSync(path)) return path;
  throw new Error(`${path} is missing: install Debian's package with \`apt-get install -y ${aptPackage}\``);
}

/**
 * Starts redis-server on loopback with its files in `dir`, no persistence and a
 * memory cap with LRU eviction, so a cache that strangers try to fill stays bounded.
 */
export async function startRedis(options: { dir: string; port?: number; maxMemory?: string; log?: (m: string) => void }): Promise<LocalRedis> {
  const binary = requireBinary(REDIS_BIN, 'redis-server');
  mkdirSync(options.dir, { recursive: true });
  const port = options.port ?? (await freePort());
  const child = spawn(
    binary,
    [
      '--bind',
      '127.0.0.1',
      '--port',
      String(port),
      '--dir',
      options.dir,
      '--save',
      '',
      '--appendonly',
      'no',
      '--daemonize',
      'no',
      '--maxmemory',
      options.maxMemory ?? '256mb',
      '--maxmemory-policy',
      'allkeys-lru',
      '--logfile',
      join(options.dir, 'redis.log'),
    ],
    { stdio: 'ignore' },
  );
  const exited = new Promise<void>((resolve) => child.once('exit', () => resolve()));
  await waitForPort(port, child);
  options.log?.(`Redis on 127.0.0.1:${port}`);
  return {
    url: `redis://127.0.0.1:${port}`,
    port,
    process: child,
    stop: async () => {
      if (child.exitCode === null && child.signalCode === null) child.kill('SIGTERM');
      await exited;
    },
  };
}

async function waitForPort(port: number, child: ChildProcess): Promise<void> {
  const deadline = Date.now() + 10_000;
  while (Date.now() < deadline) {
    if (child.exitCode !== null) throw new Error(`redis-server exited with code ${child.exitCode} before listening on ${port}`);
    if (await answers(port)) return;
    await new Promise((r) => setTimeout(r, 50));
  }
  child.kill('SIGKILL');
  throw new Error(`redis-server did not listen on 127.0.0.1:${port}`);
}

function answers(port: number): Promise<boolean> {
  return new Promise((resolve) => {
    const socket = createConnection({ host: '127.0.0.1', port });
    socket.once('connect', () => {
      socket.write('PING\r\n');
      socket.once('data', (data) => {
        socket.destroy();
        resolve(data.toString().startsWith('+PONG'));
      });
    });
    socket.once('error', () => resolve(false));
  });
}
