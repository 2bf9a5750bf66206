// Members in the figures. Active members at a moment are read from the
// membership payments themselves: a paid membership order covers the month or
// year after it, unless its money was given back and the membership with it
// (a refund may keep the paid period, Decision 075). Cancellations are recorded
// when a membership is seen ending (cancelled at period end, or ended by
// Stripe), once per period, since the membership row only mirrors its latest state.
import 'server-only';
import { db, Prisma } from '@/lib/infra/db';
import { paidOrder, settledRefund } from './sql';

type Client = Prisma.TransactionClient | ReturnType<typeof db>;

export type MembershipState = { status: string; cancelAtPeriodEnd: boolean; currentPeriodEnd: Date };

/** Called with a membership's new state, in the transaction that stores it. */
export async function recordMembershipState(tx: Prisma.TransactionClient, userId: string, state: MembershipState): Promise<void> {
  if (!state.cancelAtPeriodEnd && state.status !== 'canceled') return;
  await tx.membershipCancellation.createMany({ data: [{ userId, periodEnd: state.currentPeriodEnd, cancelledAt: new Date() }], skipDuplicates: true });
}

/** Members whose paid membership covered the instant `at`. */
export async function countActiveMembers(client: Client, at: Date): Promise<number> {
  const moment = at.toISOString();
  const [row] = await client.$queryRaw<{ members: bigint }[]>`
    WITH at AS (SELECT (${moment}::timestamptz AT TIME ZONE 'UTC') AS t)
    SELECT count(DISTINCT o."userId") AS members FROM "Order" o, at
    WHERE o.kind = 'subscription' AND ${paidOrder('o')}
      AND o."fulfilledAt" > at.t - interval '1 year' AND o."fulfilledAt" <= at.t
      AND o."fulfilledAt" + CASE WHEN o."planInterval" = 'year' THEN interval '1 year' ELSE interval '1 month' END > at.t
      AND NOT EXISTS (SELECT 1 FROM "Refund" r WHERE r."orderId" = o.id AND ${settledRefund('r')} AND r."amountCents" > 0
                        AND r."membershipEnd" IS DISTINCT FROM 'period_end')`;
  return Number(row?.members ?? 0);
}

/** Memberships cancelled between two instants (start inclusive, end exclusive). */
export async function countCancellations(client: Client, start: Date, end: Date): Promise<number> {
  return client.membershipCancellation.count({ where: { cancelledAt: { gte: start, lt: end } } });
}
