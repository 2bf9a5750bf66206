// Membership: an active, unexpired subscription makes every checkout $0.
// Decided from the database only, never from what the browser says.
import 'server-only';
import { db } from '@/lib/infra/db';

export const ACTIVE_STATUSES = ['active', 'trialing'];

export async function isActiveMember(userId: string | null | undefined, now: Date = new Date()): Promise<boolean> {
  if (!userId) return false;
  const membership = await db().membership.findUnique({ where: { userId }, select: { status: true, currentPeriodEnd: true } });
  return !!membership && ACTIVE_STATUSES.includes(membership.status) && membership.currentPeriodEnd > now;
}
