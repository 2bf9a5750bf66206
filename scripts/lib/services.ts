// Local stand-ins for the shop's outside services, used by `npm start`,
// `npm run dev` and `npm test`: embedded PostgreSQL when DATABASE_URL is unset,
// s3rver (S3 protocol) when S3_ENDPOINT is unset. Production sets both.
import { mkdirSync } from 'node:fs';
import { join, resolve } from 'node:path';
import S3rver from 's3rver';
import { freePort, startEmbeddedPostgres } from './embedded-postgres';

export type LocalServices = {
  /** Variables to add to the environment of everything that talks to the services. */
  env: Record<string, string>;
  embeddedDatabase: boolean;
  stop: () => Promise<void>;
};

export async function startLocalServices(options: { dataDir: string; persistent: boolean; log?: (message: string) => void }): Promise<LocalServices> {
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
      const port = await freePort();
      const server = new S3rver({ address: '127.0.0.1', port, directory, silent: true, resetOnClose: !options.persistent });
      await server.run();
      stops.push(() => server.close());
      Object.assign(env, {
        S3_ENDPOINT: `http://127.0.0.1:${port}`,
        S3_ACCESS_KEY_ID: 'S3RVER',
        S3_SECRET_ACCESS_KEY: 'S3RVER',
        S3_FORCE_PATH_STYLE: 'true',
      });
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
