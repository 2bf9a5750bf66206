// The S3 stand-in in a process of its own, for the benchmarks: in production S3
// is another machine, so its CPU and memory are measured apart from the shop's.
// A benchmark script starts itself again with `--s3 <dir> --port <n>`; that
// copy serves S3 until it is sent SIGTERM. It is the stand-in the shop's own
// services run (CORS for browser uploads, presigned signatures checked).
import { spawn, type ChildProcess } from 'node:child_process';
import { mkdirSync } from 'node:fs';

export function argValue(name: string): string | undefined {
  const at = process.argv.indexOf(name);
  return at >= 0 ? process.argv[at + 1] : undefined;
}

/** In the copy started with `--s3`: serves S3 and never returns. Elsewhere: returns at once. */
export async function serveS3WhenAsked(): Promise<void> {
  if (!process.argv.includes('--s3')) return;
  const { startS3StandIn } = await import('../../scripts/lib/s3-stand-in');
  const server = await startS3StandIn({
    port: Number(argValue('--port')),
    directory: argValue('--s3') as string,
    persistent: false,
    bucket: process.env.S3_BUCKET || 'shop-files',
  });
  process.once('SIGTERM', () => void server.close().finally(() => process.exit(0)));
  console.log('s3 ready');
  await new Promise(() => {});
}

export type S3StandInProcess = { child: ChildProcess; port: number; stop: () => Promise<void> };

/**
 * Starts `script` as the S3 stand-in on a free port and points this process's S3 settings at it;
 * pinned to `cpu` (taskset) when given, so it keeps off the core the shop under test is pinned to.
 */
export async function startS3StandInProcess(script: string, directory: string, cpu?: string): Promise<S3StandInProcess> {
  const { freePort } = await import('../../scripts/lib/embedded-postgres');
  const { standInClientEnv } = await import('../../scripts/lib/s3-stand-in');
  const port = await freePort();
  mkdirSync(directory, { recursive: true });
  const command = [process.execPath, ...process.execArgv, script, '--s3', directory, '--port', String(port)];
  const [file, ...args] = cpu ? ['taskset', '-c', cpu, ...command] : command;
  const child = spawn(file, args, { stdio: ['ignore', 'pipe', 'inherit'] });
  await new Promise<void>((ready, fail) => {
    child.once('exit', (code) => fail(new Error(`the S3 stand-in exited with ${code}`)));
    child.stdout?.on('data', (chunk: Buffer) => {
      if (chunk.toString().includes('s3 ready')) ready();
    });
  });
  Object.assign(process.env, standInClientEnv(port));
  const stop = async () => {
    child.removeAllListeners('exit');
    const exited = new Promise((r) => child.once('exit', r));
    child.kill('SIGTERM');
    await exited;
  };
  return { child, port, stop };
}
