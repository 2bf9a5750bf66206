// GET /api/admin/discounts?search=&limit=&offset= — one page of discount codes with their uses, revenue and discount given (total in X-Total-Count)
// POST /api/admin/discounts — create a discount code (chosen or generated) with its rules
import { adminDiscountsQuerySchema, discountCodeCreateSchema, discountCodeResponse } from '@/lib/contract/discounts';
import { createDiscountCode, getDiscountCodeView, listDiscountCodes } from '@/lib/domain/discounts';
import { adminHandler } from '@/lib/http/admin';
import { json, jsonOf, parseJson, parseQuery } from '@/lib/http/handler';
import { toDiscountCodeInput, toDiscountCodeResponse } from '@/lib/http/responses/discounts';

export const GET = adminHandler('vouchers', async (request) => {
  const query = parseQuery(request, adminDiscountsQuerySchema);
  const page = await listDiscountCodes(query);
  return json(
    page.items.map((d) => toDiscountCodeResponse(d)),
    { headers: { 'X-Total-Count': String(page.total) } },
  );
});

export const POST = adminHandler('vouchers', async (request, _context, admin) => {
  const body = await parseJson(request, discountCodeCreateSchema);
  const created = await createDiscountCode(admin.username, toDiscountCodeInput(body));
  return jsonOf(discountCodeResponse, toDiscountCodeResponse(await getDiscountCodeView(created)), { status: 201 });
});
