// Debian's HAProxy in front of the web instances, for `npm run cluster` and
// its test (Decisions 056). HAProxy rather than nginx: its free version checks
// each instance's /api/health actively (nginx's open-source build only notices
// a dead instance when a shopper's request fails on it). Config, pid file and
// nothing else live in a temp folder; no root needed above port 1023.
import { spawn, type ChildProcess } from 'node:child_process';
import { mkdirSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { requireBinary } from './redis-server';

export const HAPROXY_BIN = '/usr/sbin/haproxy';

export type Balancer = { url: string; process: ChildProcess; configFile: string; stop: () => Promise<void> };

/**
 * Round robin over `backends`, each checked on GET /api/health every second
 * (down after 2 failures, up after 1 success). A request whose connection an
 * instance refuses is sent to the other one: only connection failures are
 * retried, because a request that reached an instance (a checkout POST) may
 * have done its work and must not run twice.
 */
export function haproxyConfig(options: { port: number; host?: string; backends: { name: string; address: string }[]; dir: string }): string {
  return [
    'global',
    `  pidfile ${join(options.dir, 'haproxy.pid')}`,
    '  maxconn 4096',
    '',
    'defaults',
    '  mode http',
    '  option forwardfor',
    '  option redispatch 1',
    '  retries 3',
    '  retry-on conn-failure',
    '  timeout connect 2s',
    '  timeout client 60s',
    '  timeout server 60s',
    '  timeout http-keep-alive 10s',
    // A health answer slowed by a busy machine is not a dead instance; a refused connection still is at once.
    '  timeout check 3s',
    '',
    'frontend shop',
    `  bind ${options.host ?? '127.0.0.1'}:${options.port}`,
    '  default_backend web',
    '',
    'backend web',
    '  balance roundrobin',
    '  option httpchk GET /api/health',
    '  http-check expect status 200',
    '  default-server inter 1s fall 2 rise 1',
    ...options.backends.map((b) => `  server ${b.name} ${b.address} check`),
    '',
  ].join('\n');
}

export async function startBalancer(options: { port: number; backends: { name: string; address: string }[]; dir: string }): Promise<Balancer> {
  const binary = requireBinary(HAPROXY_BIN, 'haproxy');
  mkdirSync(options.dir, { recursive: true });
  const configFile = join(options.dir, 'haproxy.cfg');
  writeFileSync(configFile, haproxyConfig(options));
  const check = spawn(binary, ['-c', '-q', '-f', configFile], { stdio: 'inherit' });
  const valid = await new Promise<number>((resolve) => check.once('exit', (code) => resolve(code ?? 1)));
  if (valid !== 0) throw new Error(`haproxy rejected ${configFile}`);
  // -db: stay in the foreground, so the cluster owns the process and Ctrl-C reaches it.
  const child = spawn(binary, ['-db', '-f', configFile], { stdio: ['ignore', 'ignore', 'inherit'] });
  const exited = new Promise<void>((resolve) => child.once('exit', () => resolve()));
  return {
    url: `http://127.0.0.1:${options.port}`,
    process: child,
    configFile,
    stop: async () => {
      if (child.exitCode === null && child.signalCode === null) child.kill('SIGTERM');
      await exited;
    },
  };
}
