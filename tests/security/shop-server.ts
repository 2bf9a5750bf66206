// A second shop process from the same production build as the one under test,
// started with a changed environment: a production configuration that must
// refuse to start, Stripe pointed at the local stand-in, or a database that
// goes away. The real server (server.mjs, as `npm start` runs it), nothing stubbed.
import { spawn, type ChildProcess } from 'node:child_process';
import { createServer } from 'node:net';

export type ShopProcess = {
  url: string;
  /** The server's process id, to read its memory from /proc. */
  pid: number | undefined;
  /** Everything the process printed so far (stdout and stderr together). */
  output: () => string;
  /** Resolves with the exit code once the process has ended. */
  exited: Promise<number | null>;
  stop: () => Promise<void>;
};

export async function freeLocalPort(): Promise<number> {
  return new Promise((resolvePort, reject) => {
    const server = createServer();
    server.on('error', reject);
    server.listen(0, '127.0.0.1', () => {
      const address = server.address();
      server.close(() => resolvePort(typeof address === 'object' && address ? address.port : 0));
    });
  });
}

/** Starts the shop's server on the tested build with `overrides` on top of the runner's environment (and `args` after its own). */
export async function spawnShop(overrides: Record<string, string | undefined>, args: string[] = []): Promise<ShopProcess> {
  const port = await freeLocalPort();
  const url = `http://127.0.0.1:${port}`;
  const env: NodeJS.ProcessEnv = { ...process.env, PORT: String(port), SITE_URL: url, SHOP_DISABLE_WORKER: '1', ...overrides };
  for (const [key, value] of Object.entries(overrides)) if (value === undefined) delete env[key];
  const child: ChildProcess = spawn(process.execPath, ['server.mjs', '--port', String(port), '--hostname', '127.0.0.1', ...args], {
    env,
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let printed = '';
  child.stdout?.on('data', (c: Buffer) => (printed += c.toString()));
  child.stderr?.on('data', (c: Buffer) => (printed += c.toString()));
  const exited = new Promise<number | null>((done) => child.once('exit', (code) => done(code)));
  return {
    url,
    pid: child.pid,
    output: () => printed,
    exited,
    stop: async () => {
      if (child.exitCode === null && child.signalCode === null) child.kill('SIGTERM');
      await exited;
    },
  };
}

/** Waits until the process answers `path` (any status), or throws with what it printed. */
export async function waitForShop(shop: ShopProcess, path = '/api/settings/banner', timeoutMs = 60_000): Promise<void> {
  const deadline = Date.now() + timeoutMs;
  let ended = false;
  void shop.exited.then(() => (ended = true));
  while (Date.now() < deadline && !ended) {
    try {
      await fetch(`${shop.url}${path}`);
      return;
    } catch {
      await new Promise((r) => setTimeout(r, 200));
    }
  }
  throw new Error(`The second shop did not start:\n${shop.output()}`);
}
