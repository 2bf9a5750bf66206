// POST /api/admin/staff/{id}/invite — email a pending member a new set-password link (the old one stops working)
import { successResponse } from '@/lib/contract/common';
import { staffIdParams } from '@/lib/contract/staff';
import { resendInvitation } from '@/lib/domain/staff';
import { adminHandler } from '@/lib/http/admin';
import { jsonOf, parseParams } from '@/lib/http/handler';

export const POST = adminHandler<{ id: string }>('staff', async (_request, { params }, admin) => {
  const { id } = await parseParams(params, staffIdParams);
  await resendInvitation(admin, id);
  return jsonOf(successResponse, { success: true }, { status: 202 });
});
