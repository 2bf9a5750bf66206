// GET /api/admin/promo-codes — membership promotion codes
// POST /api/admin/promo-codes — create one (code, percent_off, description?, expires_at?)
import { z } from 'zod';
import { createPromoCode, listPromoCodes } from '@/lib/domain/membership';
import { adminHandler } from '@/lib/http/admin';
import { promoCodeCreateResponse } from '@/lib/contract/membership';
import { json, jsonOf, parseBody } from '@/lib/http/handler';
import { toPromoCodeResponse } from '@/lib/http/responses/membership';

const schema = z.object({
  code: z.string().trim().min(3, 'Code is required').max(40),
  percent_off: z.coerce.number().int('Percent off must be a whole number').min(1).max(100),
  description: z.string().max(200).optional(),
  expires_at: z.union([z.literal('').transform(() => null), z.coerce.date()]).optional(),
});

export const GET = adminHandler(async () => json((await listPromoCodes()).map(toPromoCodeResponse)));

export const POST = adminHandler(async (request, _context, admin) => {
  const input = await parseBody(request, schema);
  await createPromoCode(admin.username, {
    code: input.code,
    percentOff: input.percent_off,
    description: input.description,
    expiresAt: input.expires_at ?? null,
  });
  return jsonOf(promoCodeCreateResponse, { success: true, code: input.code.toUpperCase() }, { status: 201 });
});
