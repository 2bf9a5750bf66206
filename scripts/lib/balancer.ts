// Debian's HAProxy in front of the web instances, for `npm run cluster` and
// its test (Decisions 056, 072). HAProxy rather than nginx: its free version checks
// each instance's /api/health actively (nginx's open-source build only notices
// a dead instance when a shopper's request fails on it). Config, pid file and
// nothing else live in a temp folder; no root needed above port 1023.
//
// One set of rules, two layouts: the config `npm run cluster` starts and the
// shipped deploy/haproxy.cfg of compose.yaml are both written by haproxyConfig()
// (scripts/haproxy-config.ts writes the shipped one; a unit test checks they agree).
import { spawn, type ChildProcess } from 'node:child_process';
import { createWriteStream, mkdirSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { requireBinary } from './redis-server';

export const HAPROXY_BIN = '/usr/sbin/haproxy';

/**
 * How long a shop server told to stop (SIGTERM) keeps serving while its health check says
 * "draining" (server.mjs --drain-ms): the balancer checks every 500 ms, and after a failed
 * check every 250 ms, so two failures take it out within about 0.8 s; the rest is margin
 * for a check answered late on a busy machine.
 */
export const SHUTDOWN_DRAIN_MS = 2_000;

export type BalancerLayout = {
  /** HAProxy's `bind` argument: `127.0.0.1:3000`, `:8080`. */
  bind: string;
  servers: { name: string; address: string; options?: string }[];
  pidFile?: string;
  /** Extra sections (compose's DNS resolver). */
  trailer?: string[];
};

/** The variable HAProxy reads the trusted front's addresses from (space-separated addresses or CIDRs). */
export const TRUSTED_FRONT_VARIABLE = 'TRUSTED_FRONT';

/**
 * Round robin over the servers, with these rules (Decisions 072):
 * - The client's address: a connection's own X-Forwarded-For (and X-Real-IP, Forwarded) is
 *   dropped unless it comes from the trusted front (TRUSTED_FRONT, none when unset); then
 *   HAProxy adds the connection's address. So the last entry the balancer hands on is always
 *   who connected to it, and a client cannot choose its rate-limit address.
 * - Health: GET /api/health every 500 ms (250 ms once one failed), down after 2 failures, up
 *   after 1 success; a connection a server refuses under real traffic counts as a failed
 *   check at once (observe layer4). Layer 7 is not observed: the shop answers 503 while
 *   Postgres is away, and both instances taken out would turn cached pages into errors too.
 * - Retries: a request whose connection failed never reached an instance and goes to the
 *   other one, whatever its method. A GET, HEAD or OPTIONS that an instance dropped without
 *   an answer (it died holding it) is sent again to the other one; any other method is
 *   not, because the instance may have done its work (a checkout, a payment).
 * - No `on-marked-down shutdown-sessions`: an instance leaving on SIGTERM answers its
 *   health check 503 and finishes the requests it holds; cutting them would drop them.
 * - Last resort: each server again as an unchecked backup (`<name>-last`). When every checked
 *   server is down, which on an overloaded machine can be the one survivor whose health
 *   answers took over 3 s, requests still go to whatever accepts a connection (a refused one
 *   is retried on the other) instead of HAProxy's 503 to everyone.
 */
export function haproxyConfig(layout: BalancerLayout): string {
  return [
    'global',
    ...(layout.pidFile ? [`  pidfile ${layout.pidFile}`] : []),
    '  maxconn 4096',
    '',
    'defaults',
    '  mode http',
    '  option redispatch 1',
    '  retries 3',
    '  retry-on conn-failure empty-response junk-response',
    '  timeout connect 2s',
    '  timeout client 60s',
    '  timeout server 60s',
    '  timeout http-keep-alive 10s',
    // A health answer slowed by a busy machine is not a dead instance; a refused connection still is at once.
    '  timeout check 3s',
    '',
    'frontend shop',
    `  bind ${layout.bind}`,
    `  acl from_trusted_front src -- "\${${TRUSTED_FRONT_VARIABLE}[*]}"`,
    '  http-request del-header X-Forwarded-For unless from_trusted_front',
    '  http-request del-header X-Real-IP unless from_trusted_front',
    '  http-request del-header Forwarded unless from_trusted_front',
    '  option forwardfor',
    '  default_backend web',
    '',
    'backend web',
    '  balance roundrobin',
    '  option httpchk GET /api/health',
    '  http-check expect status 200',
    '  http-request disable-l7-retry unless { method GET HEAD OPTIONS }',
    '  default-server inter 500ms fastinter 250ms downinter 1s fall 2 rise 1 observe layer4 error-limit 1 on-error fail-check',
    ...layout.servers.map((s) => `  server ${s.name} ${s.address} check${s.options ? ` ${s.options}` : ''}`),
    '  option allbackups',
    ...layout.servers.map((s) => `  server ${s.name}-last ${s.address} backup${s.options ? ` ${s.options}` : ''}`),
    ...(layout.trailer ? ['', ...layout.trailer] : []),
    '',
  ].join('\n');
}

/** compose.yaml's balancer: HAProxy's official image, the web services found through Docker's DNS. */
export const COMPOSE_LAYOUT: BalancerLayout = {
  bind: ':8080',
  servers: ['web-a', 'web-b'].map((name) => ({ name, address: `${name}:3000`, options: 'resolvers docker init-addr last,libc,none' })),
  trailer: ['resolvers docker', '  nameserver dns 127.0.0.11:53'],
};

export const COMPOSE_CONFIG_HEADER = [
  '# HAProxy in front of the web instances of compose.yaml. Written by',
  '# `npx tsx scripts/haproxy-config.ts` from the rules `npm run cluster` runs',
  '# (scripts/lib/balancer.ts, Decisions 056 and 072): edit those, not this file.',
  '# TRUSTED_FRONT (compose.yaml) names the one front whose X-Forwarded-For is kept.',
  '',
].join('\n');

export function composeHaproxyConfig(): string {
  return COMPOSE_CONFIG_HEADER + haproxyConfig(COMPOSE_LAYOUT);
}

export type Balancer = {
  url: string;
  process: ChildProcess;
  configFile: string;
  /** HAProxy's own messages (servers going down and up), also shown on stderr. */
  logFile: string;
  stop: () => Promise<void>;
};

export async function startBalancer(options: {
  port: number;
  backends: { name: string; address: string }[];
  dir: string;
  /** Addresses (or CIDRs) whose X-Forwarded-For is kept, as a CDN's would be; none by default. */
  trustedFronts?: string[];
}): Promise<Balancer> {
  const binary = requireBinary(HAPROXY_BIN, 'haproxy');
  mkdirSync(options.dir, { recursive: true });
  const configFile = join(options.dir, 'haproxy.cfg');
  const layout: BalancerLayout = { bind: `127.0.0.1:${options.port}`, servers: options.backends, pidFile: join(options.dir, 'haproxy.pid') };
  writeFileSync(configFile, haproxyConfig(layout));
  const env = { ...process.env, [TRUSTED_FRONT_VARIABLE]: (options.trustedFronts ?? []).join(' ') };
  const check = spawn(binary, ['-c', '-q', '-f', configFile], { stdio: 'inherit', env });
  const valid = await new Promise<number>((resolve) => check.once('exit', (code) => resolve(code ?? 1)));
  if (valid !== 0) throw new Error(`haproxy rejected ${configFile}`);
  // -db: stay in the foreground, so the cluster owns the process and Ctrl-C reaches it.
  const logFile = join(options.dir, 'haproxy.log');
  const log = createWriteStream(logFile);
  const child = spawn(binary, ['-db', '-f', configFile], { stdio: ['ignore', 'ignore', 'pipe'], env });
  child.stderr?.on('data', (chunk: Buffer) => (process.stderr.write(chunk), log.write(chunk)));
  const exited = new Promise<void>((resolve) => child.once('exit', () => log.end(() => resolve())));
  return {
    url: `http://127.0.0.1:${options.port}`,
    process: child,
    configFile,
    logFile,
    stop: async () => {
      if (child.exitCode === null && child.signalCode === null) child.kill('SIGTERM');
      await exited;
    },
  };
}
