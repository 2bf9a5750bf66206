// GET /api/admin/session — who is signed in to the back office
import { adminHandler } from '@/lib/http/admin';
import { json } from '@/lib/http/handler';

export const GET = adminHandler(async (_request, _context, admin) => json({ username: admin.username }));
