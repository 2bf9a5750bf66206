// POST /api/admin/vouchers/create — create a voucher with a server-generated code and email it to the customer
import { voucherCreateSchema } from '@/lib/contract/admin';
import { voucherCreateResponse } from '@/lib/contract/vouchers';
import { createVoucher } from '@/lib/domain/vouchers';
import { adminHandler } from '@/lib/http/admin';
import { jsonOf, parseBody } from '@/lib/http/handler';
import { toVoucherResponse } from '@/lib/http/responses/vouchers';

export const POST = adminHandler('vouchers', async (request, _context, admin) => {
  const input = await parseBody(request, voucherCreateSchema);
  const voucher = await createVoucher(admin.username, {
    customerEmail: input.customer_email,
    type: input.type,
    value: input.value,
    usageType: input.usage_type,
    notes: input.notes,
  });
  return jsonOf(voucherCreateResponse, { success: true, voucher: toVoucherResponse(voucher), code: voucher.code }, { status: 201 });
});
