// GET /api/admin/session — who is signed in to the back office
import { adminHandler } from '@/lib/http/admin';
import { adminSessionResponse } from '@/lib/contract/admin';
import { jsonOf } from '@/lib/http/handler';

export const GET = adminHandler(async (_request, _context, admin) => jsonOf(adminSessionResponse, { username: admin.username }));
