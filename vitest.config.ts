import { fileURLToPath } from 'node:url';
import { defineConfig } from 'vitest/config';

const root = fileURLToPath(new URL('.', import.meta.url));
const alias = {
  '@': root,
  // `server-only` throws outside React's server condition; tests are server code.
  'server-only': fileURLToPath(new URL('./tests/setup/empty.ts', import.meta.url)),
};
// Fails a test that logs console.error without declaring it (tests/support/console-errors.ts).
const consoleErrors = 'tests/setup/console-error.ts';

export default defineConfig({
  resolve: { alias },
  test: {
    projects: [
      { resolve: { alias }, test: { name: 'unit', include: ['tests/unit/**/*.test.ts'], environment: 'node', setupFiles: [consoleErrors] } },
      {
        resolve: { alias },
        test: {
          name: 'integration',
          include: ['tests/integration/**/*.test.ts'],
          globalSetup: ['tests/setup/integration-global.ts'],
          // Each file gets a database and buckets of its own, cloned from a migrated template.
          setupFiles: [consoleErrors, 'tests/setup/integration-database.ts'],
          testTimeout: 30_000,
          hookTimeout: 60_000,
        },
      },
      {
        resolve: { alias },
        test: {
          name: 'api',
          include: ['tests/api/**/*.test.ts'],
          globalSetup: ['tests/setup/api-global.ts'],
          setupFiles: [consoleErrors],
          // One shop, one database: files that change data run one at a time.
          fileParallelism: false,
          testTimeout: 20_000,
        },
      },
      {
        resolve: { alias },
        test: {
          name: 'security',
          include: ['tests/security/**/*.test.ts'],
          globalSetup: ['tests/setup/api-global.ts'],
          setupFiles: [consoleErrors],
          fileParallelism: false,
          testTimeout: 60_000,
        },
      },
    ],
  },
});
