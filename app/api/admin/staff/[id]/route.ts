// PUT, DELETE /api/admin/staff/{id} — change a member's role, or remove them; either ends their sessions at once
import { successResponse } from '@/lib/contract/common';
import { staffIdParams, staffResponse, staffRoleSchema } from '@/lib/contract/staff';
import { changeStaffRole, removeStaff } from '@/lib/domain/staff';
import { adminHandler } from '@/lib/http/admin';
import { jsonOf, parseBody, parseParams } from '@/lib/http/handler';
import { toStaffResponse } from '@/lib/http/responses/staff';

export const PUT = adminHandler<{ id: string }>('staff', async (request, { params }, admin) => {
  const { id } = await parseParams(params, staffIdParams);
  const { role } = await parseBody(request, staffRoleSchema);
  return jsonOf(staffResponse, toStaffResponse(await changeStaffRole(admin, id, role)));
});

export const DELETE = adminHandler<{ id: string }>('staff', async (_request, { params }, admin) => {
  const { id } = await parseParams(params, staffIdParams);
  await removeStaff(admin, id);
  return jsonOf(successResponse, { success: true });
});
