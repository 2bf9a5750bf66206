// Rows that can no longer do anything, deleted on a schedule. Rate-limit
// counters are keyed by what strangers send (addresses, email addresses), so
// without this a flood of made-up ones would stay in the table for good; the
// others (reset links, customer and admin sessions past their end) would pile
// up for accounts that never come back. Every quarter of an hour, so what a
// flood writes is gone within fifteen minutes of its windows passing.
import 'server-only';
import { deleteEndedSessions, deleteExpiredTokens } from '@/lib/domain/accounts';
import { deleteExpiredFreeDownloadRequests } from '@/lib/domain/free-downloads';
import { deleteEndedAdminSessions } from '@/lib/domain/staff';
import { deleteExpiredRateLimits } from '@/lib/domain/rate-limit';

export const EXPIRED_ROWS_JOB = 'housekeeping.expired-rows';
export const EXPIRED_ROWS_CRON = '*/15 * * * *';

export type ExpiredRows = { rateLimits: number; resetLinks: number; sessions: number; adminSessions: number; freeDownloadLinks: number };

export async function deleteExpiredRows(): Promise<ExpiredRows> {
  return {
    rateLimits: await deleteExpiredRateLimits(),
    resetLinks: await deleteExpiredTokens(),
    sessions: await deleteEndedSessions(),
    adminSessions: await deleteEndedAdminSessions(),
    freeDownloadLinks: await deleteExpiredFreeDownloadRequests(),
  };
}
