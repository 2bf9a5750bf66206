// DELETE /api/admin/account/sessions/{id} — end one of one's own sessions (another member's: 404)
import { successResponse } from '@/lib/contract/common';
import { staffIdParams } from '@/lib/contract/staff';
import { endStaffSession } from '@/lib/domain/staff';
import { adminHandler } from '@/lib/http/admin';
import { jsonOf, parseParams } from '@/lib/http/handler';

export const DELETE = adminHandler<{ id: string }>('account', async (_request, { params }, admin) => {
  const { id } = await parseParams(params, staffIdParams);
  await endStaffSession(admin, id);
  return jsonOf(successResponse, { success: true });
});
