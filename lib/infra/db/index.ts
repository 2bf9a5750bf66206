import 'server-only';
import { PrismaPg } from '@prisma/adapter-pg';
import { env } from '@/lib/env';
import { PrismaClient } from './generated/client';

export { Prisma } from './generated/client';
export { escapeLike } from './like';
export type {
  Order,
  OrderKind,
  Product,
  User,
  Voucher,
  Membership,
  RefundSource,
  RefundStatus,
  DisputeOutcome,
  MembershipEnd,
  DiscountCode,
} from './generated/client';

type Db = InstanceType<typeof PrismaClient>;

// One client per process; dev hot-reload would otherwise open a pool per edit.
const globalForDb = globalThis as unknown as { shopDb?: Db };

function createDb(): Db {
  const url = env().DATABASE_URL;
  if (!url) throw new Error('DATABASE_URL is not set: start the shop with `npm start` or `npm run dev`');
  const adapter = new PrismaPg({
    connectionString: url,
    max: 10,
    // Bounds both a connect that gets no answer and the wait for a free pool
    // slot: while Postgres is away requests answer 503 within ~2 s instead of
    // queueing behind it (lib/infra/db/unavailable.ts classifies the error).
    connectionTimeoutMillis: 2_000,
    idleTimeoutMillis: 30_000,
  });
  return new PrismaClient({ adapter });
}

export function db(): Db {
  globalForDb.shopDb ??= createDb();
  return globalForDb.shopDb;
}

/** One round trip; throws what any query would while Postgres is away (see ./unavailable). */
export async function pingDatabase(): Promise<void> {
  await db().$queryRaw`SELECT 1`;
}

export type { Db };
