// PUT /api/admin/discounts/{id} — change a discount code's rules, or enable / disable it ({ enabled })
// DELETE /api/admin/discounts/{id} — delete a code no order used; a used one is kept and disabled
import { idParams } from '@/lib/contract/admin';
import { discountCodeDeleteResponse, discountCodeResponse, discountCodeUpdateSchema } from '@/lib/contract/discounts';
import { deleteDiscountCode, getDiscountCodeView, updateDiscountCode } from '@/lib/domain/discounts';
import { adminHandler } from '@/lib/http/admin';
import { jsonOf, parseJson, parseParams } from '@/lib/http/handler';
import { toDiscountCodeInput, toDiscountCodeResponse } from '@/lib/http/responses/discounts';

export const PUT = adminHandler<{ id: string }>('vouchers', async (request, { params }, admin) => {
  const { id } = await parseParams(params, idParams);
  const body = await parseJson(request, discountCodeUpdateSchema);
  const updated = await updateDiscountCode(admin.username, id, toDiscountCodeInput(body));
  return jsonOf(discountCodeResponse, toDiscountCodeResponse(await getDiscountCodeView(updated)));
});

export const DELETE = adminHandler<{ id: string }>('vouchers', async (_request, { params }, admin) => {
  const { id } = await parseParams(params, idParams);
  const { deleted, code } = await deleteDiscountCode(admin.username, id);
  const message = deleted ? `Discount code ${code} deleted` : `Discount code ${code} has been used, so it was kept and disabled`;
  return jsonOf(discountCodeDeleteResponse, { success: true, deleted, message });
});
