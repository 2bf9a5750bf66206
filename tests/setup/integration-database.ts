// Runs before each integration test file is imported: clones the migrated
// template into a database of the file's own and points DATABASE_URL and the
// bucket names at it. The shop reads them lazily (env() and db() on first
// use), so everything the test file then imports connects there.
import { randomBytes } from 'node:crypto';
import pg from 'pg';
import { inject } from 'vitest';

const { serverUrl, template, prefix } = inject('integrationDatabase');
const suffix = randomBytes(4).toString('hex');
const name = `${prefix}_${suffix}`;

const admin = new pg.Client({ connectionString: serverUrl });
await admin.connect();
try {
  await admin.query(`CREATE DATABASE ${name} TEMPLATE ${template}`);
} finally {
  await admin.end();
}

const url = new URL(serverUrl);
url.pathname = `/${name}`;
process.env.DATABASE_URL = url.toString();
// Buckets per file too: tests that list or sweep stored objects count only their own.
process.env.S3_BUCKET = `it-files-${prefix.slice(3)}-${suffix}`;
process.env.S3_PUBLIC_BUCKET = `it-public-${prefix.slice(3)}-${suffix}`;
