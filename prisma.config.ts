import { defineConfig } from 'prisma/config';

// Prisma 7's CLI does not read .env and env() throws when a variable is unset,
// so the URL is read leniently: `generate` needs no database at all.
export default defineConfig({
  schema: 'prisma/schema.prisma',
  migrations: { path: 'prisma/migrations' },
  datasource: { url: process.env.DATABASE_URL ?? '' },
});
