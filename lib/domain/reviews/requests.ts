// When the "please review" email goes out (Decision 086): a delayed job queued
// with the order's fulfilment, at the delay the owner set then (7 days unless
// changed; off: none queued). What it sends is decided when it runs
// (lib/domain/review-requests).
import 'server-only';
import { z } from 'zod';
import { recordAudit } from '@/lib/domain/audit';
import { enqueue } from '@/lib/domain/jobs';
import { db, type Prisma } from '@/lib/infra/db';

export const REVIEW_REQUEST_JOB = 'review-request';
const SETTINGS_KEY = 'review_requests';
const DAY_MS = 86_400_000;

export type ReviewRequestSettings = { enabled: boolean; delayDays: number };
export const DEFAULT_REVIEW_REQUESTS: ReviewRequestSettings = { enabled: true, delayDays: 7 };
export const MAX_REQUEST_DELAY_DAYS = 90;

const stored = z.object({ enabled: z.boolean(), delayDays: z.number().int().min(1).max(MAX_REQUEST_DELAY_DAYS) });

type Client = Prisma.TransactionClient | ReturnType<typeof db>;

export async function getReviewRequestSettings(client: Client = db()): Promise<ReviewRequestSettings> {
  const row = await client.setting.findUnique({ where: { key: SETTINGS_KEY } });
  if (!row) return DEFAULT_REVIEW_REQUESTS;
  try {
    const parsed = stored.safeParse(JSON.parse(row.value));
    return parsed.success ? parsed.data : DEFAULT_REVIEW_REQUESTS;
  } catch {
    return DEFAULT_REVIEW_REQUESTS;
  }
}

export async function saveReviewRequestSettings(actor: string, settings: ReviewRequestSettings): Promise<ReviewRequestSettings> {
  const value = JSON.stringify(stored.parse(settings));
  await db().$transaction(async (tx) => {
    await tx.setting.upsert({ where: { key: SETTINGS_KEY }, create: { key: SETTINGS_KEY, value }, update: { value } });
    await recordAudit(tx, actor, 'settings.review_requests', null, settings);
  });
  return settings;
}

/** Called in the fulfilment transaction of an order with items: the request exists exactly when the payment does, once per order. */
export async function scheduleReviewRequest(tx: Prisma.TransactionClient, orderId: string, paidAt: Date): Promise<void> {
  const settings = await getReviewRequestSettings(tx);
  if (!settings.enabled) return;
  await enqueue(tx, REVIEW_REQUEST_JOB, { orderId }, { key: orderId, runAt: new Date(paidAt.getTime() + settings.delayDays * DAY_MS) });
}
