// Runs the Prisma CLI offline. Every prisma command first tries to download a
// native schema engine, which these machines cannot reach; `generate`,
// `validate` and `format` work when PRISMA_SCHEMA_ENGINE_BINARY names any
// executable, so we point it at a stub. Migrations go through scripts/db.ts.
import { spawnSync } from 'node:child_process';
import { chmodSync, existsSync, mkdirSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';

const stubDir = join(process.cwd(), 'node_modules', '.cache', 'prisma-offline');
const stub = join(stubDir, 'schema-engine-stub');
if (!existsSync(stub)) {
  mkdirSync(stubDir, { recursive: true });
  writeFileSync(stub, '#!/bin/sh\necho "schema engine not available offline; use npm run db:migrate" >&2\nexit 1\n');
  chmodSync(stub, 0o755);
}

const result = spawnSync(join('node_modules', '.bin', 'prisma'), process.argv.slice(2), {
  stdio: 'inherit',
  env: {
    ...process.env,
    PRISMA_SCHEMA_ENGINE_BINARY: process.env.PRISMA_SCHEMA_ENGINE_BINARY ?? stub,
    PRISMA_HIDE_UPDATE_MESSAGE: '1',
    CHECKPOINT_DISABLE: '1',
  },
});
process.exit(result.status ?? 1);
