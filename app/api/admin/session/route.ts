// GET /api/admin/session — who is signed in to the back office, their role and what it allows
import { adminSessionResponse } from '@/lib/contract/staff';
import { adminHandler } from '@/lib/http/admin';
import { jsonOf } from '@/lib/http/handler';
import { toAdminSessionResponse } from '@/lib/http/responses/staff';

export const GET = adminHandler('account', async (_request, _context, admin) => jsonOf(adminSessionResponse, toAdminSessionResponse(admin)));
