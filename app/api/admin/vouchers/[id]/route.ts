// PUT /api/admin/vouchers/{id} — admin: disable or enable a voucher ({ status: 'active' | 'disabled' })
// DELETE /api/admin/vouchers/{id} — admin: delete a voucher never used (409 once used)
import { idParams } from '@/lib/contract/admin';
import { voucherStatusSchema } from '@/lib/contract/admin-requests';
import { successResponse } from '@/lib/contract/common';
import { voucherResponse } from '@/lib/contract/vouchers';
import { deleteVoucher, setVoucherStatus } from '@/lib/domain/vouchers';
import { adminHandler } from '@/lib/http/admin';
import { jsonOf, parseJson, parseParams } from '@/lib/http/handler';
import { toVoucherResponse } from '@/lib/http/responses/vouchers';

export const PUT = adminHandler<{ id: string }>('vouchers', async (request, { params }, admin) => {
  const { id } = await parseParams(params, idParams);
  const { status } = await parseJson(request, voucherStatusSchema);
  return jsonOf(voucherResponse, toVoucherResponse(await setVoucherStatus(admin.username, id, status)));
});

export const DELETE = adminHandler<{ id: string }>('vouchers', async (_request, { params }, admin) => {
  const { id } = await parseParams(params, idParams);
  await deleteVoucher(admin.username, id);
  return jsonOf(successResponse, { success: true });
});
