// GET /api/admin/account/sessions — one's own live sessions, newest first
import { staffSessionsResponse } from '@/lib/contract/staff';
import { listStaffSessions } from '@/lib/domain/staff';
import { adminHandler } from '@/lib/http/admin';
import { jsonOf } from '@/lib/http/handler';
import { toStaffSessionResponse } from '@/lib/http/responses/staff';

export const GET = adminHandler('account', async (_request, _context, admin) =>
  jsonOf(staffSessionsResponse, (await listStaffSessions(admin)).map(toStaffSessionResponse)),
);
