// `next build` for the launcher and the test runner. Pages are prerendered from
// the database, and Next keeps cached data reads between builds under
// <distDir>/cache/fetch-cache: a build against another database must not reuse
// them, so they are cleared first (the compiler cache stays, builds stay quick).
import { spawn } from 'node:child_process';
import { rmSync } from 'node:fs';
import { join } from 'node:path';

export const NEXT_BIN = join('node_modules', '.bin', 'next');

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
