// The owner's floor for bundle credit (Settings, Decision 094): the lowest
// share of a bundle's price a customer pays however much of it they own.
import 'server-only';
import { z } from 'zod';
import { recordAudit } from '@/lib/domain/audit';
import { db, type Prisma } from '@/lib/infra/db';
import { DEFAULT_BUNDLE_FLOOR_PERCENT } from './rules';

const FLOOR_KEY = 'bundle_credit_floor';
const stored = z.object({ floorPercent: z.number().int().min(0).max(100) });

type Client = Prisma.TransactionClient | ReturnType<typeof db>;

export async function getBundleFloorPercent(client: Client = db()): Promise<number> {
  const row = await client.setting.findUnique({ where: { key: FLOOR_KEY } });
  if (!row) return DEFAULT_BUNDLE_FLOOR_PERCENT;
  try {
    const parsed = stored.safeParse(JSON.parse(row.value));
    return parsed.success ? parsed.data.floorPercent : DEFAULT_BUNDLE_FLOOR_PERCENT;
  } catch {
    return DEFAULT_BUNDLE_FLOOR_PERCENT;
  }
}

export async function saveBundleFloorPercent(actor: string, floorPercent: number): Promise<number> {
  const value = JSON.stringify(stored.parse({ floorPercent }));
  await db().$transaction(async (tx) => {
    await tx.setting.upsert({ where: { key: FLOOR_KEY }, create: { key: FLOOR_KEY, value }, update: { value } });
    await recordAudit(tx, actor, 'settings.bundle_credit', null, { floorPercent });
  });
  return floorPercent;
}
