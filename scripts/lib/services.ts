// Local stand-ins for the shop's outside services, used by `npm start`,
// `npm run dev` and `npm test`: embedded PostgreSQL when DATABASE_URL is unset,
// s3rver (S3 protocol) when S3_ENDPOINT is unset. Production sets both.
import { existsSync, mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { createServer } from 'node:net';
import { join, resolve } from 'node:path';
import { freePort, startEmbeddedPostgres } from './embedded-postgres';
import { standInClientEnv, startS3StandIn } from './s3-stand-in';

export type LocalServices = {
  /** Variables to add to the environment of everything that talks to the services. */
  env: Record<string, string>;
  embeddedDatabase: boolean;
  stop: () => Promise<void>;
};

export async function startLocalServices(options: {
  dataDir: string;
  persistent: boolean;
  log?: (message: string) => void;
  /** Origins besides loopback whose pages may upload to the embedded storage (the site's own, when it has a name). */
  corsOrigins?: string[];
}): Promise<LocalServices> {
  const log = options.log ?? ((m: string) => console.log(m));
  const dataDir = resolve(options.dataDir);
  const env: Record<string, string> = {};
  const stops: (() => Promise<void>)[] = [];

  try {
    if (!process.env.DATABASE_URL) {
      const database = await startEmbeddedPostgres({ dataDir: join(dataDir, 'postgres'), persistent: options.persistent, log });
      stops.push(database.stop);
      env.DATABASE_URL = database.url;
      log(`Embedded PostgreSQL on ${new URL(database.url).host}`);
    }
    if (!process.env.S3_ENDPOINT) {
      const directory = join(dataDir, 's3');
      mkdirSync(directory, { recursive: true });
      // The storage origin is baked into the build's CSP (Decision 070): a kept stand-in keeps its port, so a restart needs no rebuild.
      const port = options.persistent ? await keptPort(join(dataDir, 's3.port')) : await freePort();
      const bucket = process.env.S3_BUCKET || 'shop-files';
      const server = await startS3StandIn({ directory, port, persistent: options.persistent, bucket, corsOrigins: options.corsOrigins });
      stops.push(() => server.close());
      Object.assign(env, standInClientEnv(port));
      log(`Embedded S3 storage on 127.0.0.1:${port}`);
    }
  } catch (error) {
    await stopAll(stops);
    throw error;
  }

  return { env, embeddedDatabase: Boolean(env.DATABASE_URL), stop: () => stopAll(stops) };
}

async function stopAll(stops: (() => Promise<void>)[]) {
  for (const stop of stops.reverse()) {
    try {
      await stop();
    } catch (error) {
      console.error('Failed to stop a local service:', error);
    }
  }
}

function isFree(port: number): Promise<boolean> {
  return new Promise((resolve) => {
    const probe = createServer();
    probe.once('error', () => resolve(false));
    probe.listen(port, '127.0.0.1', () => probe.close(() => resolve(true)));
  });
}

/** The port written in `file` when it is still free, else a new one, remembered there. */
async function keptPort(file: string): Promise<number> {
  const kept = existsSync(file) ? Number(readFileSync(file, 'utf8')) : NaN;
  if (Number.isInteger(kept) && kept > 0 && (await isFree(kept))) return kept;
  const port = await freePort();
  writeFileSync(file, String(port));
  return port;
}
