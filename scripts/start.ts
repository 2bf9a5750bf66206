// `npm start` (and `npm run dev` with --dev): the whole shop on one command.
// Starts the embedded services when their variables are unset, applies
// migrations, seeds the demo catalogue once, builds when needed and serves
// with Next. Ctrl-C / SIGTERM stop Next and the services together.
import { spawn, type ChildProcess } from 'node:child_process';
import { exitIfInvalidEnvironment, listenHost, parseEnv } from '../lib/env';
import { shopServerCommand } from './lib/build';
import { startLocalServices } from './lib/services';
import { prepareShop } from './lib/shop-prepare';

const dev = process.argv.includes('--dev');
const port = process.env.PORT ?? '3000';
const dataDir = process.env.DATA_DIR ?? '.data';
const distDir = process.env.NEXT_DIST_DIR ?? '.next';

function log(message: string) {
  console.log(`[shop] ${message}`);
}

// Refuse a misconfigured deployment (demo secrets, no Stripe keys, http) before
// starting or connecting to anything, with the one message that names every variable.
const userSetDatabase = Boolean(process.env.DATABASE_URL);
exitIfInvalidEnvironment(() => parseEnv({ ...process.env, NODE_ENV: dev ? 'development' : 'production' }));
// The demo listens on this machine only unless HOST says otherwise; a production start where it is told.
const host = listenHost(parseEnv(process.env));

// A site under its own name uploads to the embedded storage from that origin (loopback ones are always allowed).
const services = await startLocalServices({ dataDir, persistent: true, log, corsOrigins: process.env.SITE_URL ? [new URL(process.env.SITE_URL).origin] : [] });
Object.assign(process.env, services.env);
const childEnv: NodeJS.ProcessEnv = {
  ...process.env,
  ...services.env,
  SITE_URL: process.env.SITE_URL ?? `http://localhost:${port}`,
  ...(services.embeddedDatabase ? { SHOP_EMBEDDED: '1' } : {}),
};
Object.assign(process.env, childEnv);

let child: ChildProcess | undefined;
let stopping = false;

async function shutdown(code: number) {
  if (stopping) return;
  stopping = true;
  if (child && child.exitCode === null) {
    child.kill('SIGTERM');
    await new Promise((r) => child?.once('exit', r));
  }
  await services.stop();
  process.exit(code);
}
process.on('SIGINT', () => void shutdown(0));
process.on('SIGTERM', () => void shutdown(0));

try {
  await prepareShop({ env: childEnv, distDir, seed: !userSetDatabase || process.env.SEED_DEMO === '1', build: !dev, log });

  log(`Shop at http://localhost:${port}  (admin: /admin/login)${host === '127.0.0.1' ? '; this machine only (HOST=0.0.0.0 for others)' : ''}`);
  if (services.embeddedDatabase && !process.env.ADMIN_PASSWORD) log('Demo admin login: admin / admin');
  // `npm run dev` is server.mjs too (--dev: Next's development server inside it), so /products?… listings route alike.
  const [command, args] = shopServerCommand(port, host);
  if (dev) args.push('--dev');
  child = spawn(command, args, { stdio: 'inherit', env: childEnv });
  child.on('exit', (code) => void shutdown(code ?? 0));
} catch (error) {
  console.error(error);
  await shutdown(1);
}
