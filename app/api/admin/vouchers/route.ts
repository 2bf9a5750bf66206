// GET /api/admin/vouchers?search=&status=&limit=&offset= — one page of vouchers with status and balances (total in X-Total-Count)
import { adminVouchersQuerySchema } from '@/lib/contract/admin-requests';
import { listVouchers } from '@/lib/domain/vouchers';
import { adminHandler } from '@/lib/http/admin';
import { json, parseQuery } from '@/lib/http/handler';
import { toVoucherResponse } from '@/lib/http/responses/vouchers';

export const GET = adminHandler('vouchers', async (request) => {
  const query = parseQuery(request, adminVouchersQuerySchema);
  const page = await listVouchers(query);
  return json(page.items.map(toVoucherResponse), { headers: { 'X-Total-Count': String(page.total) } });
});
