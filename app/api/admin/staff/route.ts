// GET, POST /api/admin/staff — the staff list; invite a member by email (a set-password link goes out)
import { inviteStaffSchema, staffListResponse, staffResponse } from '@/lib/contract/staff';
import { inviteStaff, listStaff } from '@/lib/domain/staff';
import { adminHandler } from '@/lib/http/admin';
import { jsonOf, parseBody } from '@/lib/http/handler';
import { toStaffResponse } from '@/lib/http/responses/staff';

export const GET = adminHandler('staff', async () => jsonOf(staffListResponse, (await listStaff()).map(toStaffResponse)));

export const POST = adminHandler('staff', async (request, _context, admin) => {
  const input = await parseBody(request, inviteStaffSchema);
  return jsonOf(staffResponse, toStaffResponse(await inviteStaff(admin, input)), { status: 201 });
});
