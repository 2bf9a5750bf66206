// DELETE /api/admin/promo-codes/{code} — retire a membership promotion code
import { z } from 'zod';
import { successResponse } from '@/lib/contract/common';
import { deactivatePromoCode } from '@/lib/domain/discounts';
import { adminHandler } from '@/lib/http/admin';
import { jsonOf, parseParams } from '@/lib/http/handler';

const params = z.object({ code: z.string().min(1).max(40) });

export const DELETE = adminHandler<{ code: string }>('vouchers', async (_request, context, admin) => {
  const { code } = await parseParams(context.params, params);
  await deactivatePromoCode(admin.username, code);
  return jsonOf(successResponse, { success: true });
});
