// GET /api/admin/promo-codes — membership promotion codes
// POST /api/admin/promo-codes — create one (code, percent_off, description?, expires_at?)
import { createPromoCode, listPromoCodes } from '@/lib/domain/discounts';
import { adminHandler } from '@/lib/http/admin';
import { promoCodeCreateResponse, promoCodeCreateSchema } from '@/lib/contract/membership';
import { json, jsonOf, parseBody } from '@/lib/http/handler';
import { toPromoCodeResponse } from '@/lib/http/responses/membership';

export const GET = adminHandler('vouchers', async () => json((await listPromoCodes()).map(toPromoCodeResponse)));

export const POST = adminHandler('vouchers', async (request, _context, admin) => {
  const input = await parseBody(request, promoCodeCreateSchema);
  await createPromoCode(admin.username, {
    code: input.code,
    percentOff: input.percent_off,
    description: input.description,
    expiresAt: input.expires_at ?? null,
  });
  return jsonOf(promoCodeCreateResponse, { success: true, code: input.code.toUpperCase() }, { status: 201 });
});
