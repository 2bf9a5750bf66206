// `next build` for the launcher and the test runner. Pages are prerendered from
// the database, and Next keeps cached data reads between builds under
// <distDir>/cache/fetch-cache: a build against another database must not reuse
// them, so they are cleared first (the compiler cache stays, builds stay quick).
import { spawn } from 'node:child_process';
import { rmSync } from 'node:fs';
import { join } from 'node:path';

export const NEXT_BIN = join('node_modules', '.bin', 'next');
/** The shop's HTTP server (server.mjs: Next's custom server, Decision 047), served from the project folder. */
export const SHOP_SERVER = 'server.mjs';

/**
 * node and its arguments for serving the build in NEXT_DIST_DIR on `port`; every interface when
 * no hostname is given. `drainMs`: behind a balancer, how long a SIGTERM'd server keeps serving
 * while its health check says it is leaving (server.mjs, Decisions 072).
 */
export function shopServerCommand(port: number | string, hostname?: string, options: { drainMs?: number } = {}): [string, string[]] {
  return [
    process.execPath,
    [SHOP_SERVER, '--port', String(port), ...(hostname ? ['--hostname', hostname] : []), ...(options.drainMs ? ['--drain-ms', String(options.drainMs)] : [])],
  ];
}

export async function buildShop(env: NodeJS.ProcessEnv, distDir: string): Promise<void> {
  rmSync(join(distDir, 'cache', 'fetch-cache'), { recursive: true, force: true });
  // Not spawnSync: the embedded S3 server runs in the calling process's event loop.
  const status = await new Promise<number>((done, fail) => {
    const child = spawn(NEXT_BIN, ['build'], { stdio: 'inherit', env: { ...env, NEXT_DIST_DIR: distDir } });
    child.once('error', fail);
    child.once('exit', (code) => done(code ?? 1));
  });
  if (status !== 0) throw new Error('next build failed');
}
