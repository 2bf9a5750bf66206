// GET /api/admin/customers/{id} — one customer: account, membership, orders, owned products, licences, vouchers and email log
import { adminCustomerDetailResponse, customerIdParams } from '@/lib/contract/customers';
import { getCustomerOrThrow } from '@/lib/domain/customers';
import { adminHandler } from '@/lib/http/admin';
import { jsonOf, parseParams } from '@/lib/http/handler';
import { toAdminCustomerDetailResponse } from '@/lib/http/responses/customers';

export const GET = adminHandler<{ id: string }>('customers', async (_request, { params }) => {
  const { id } = await parseParams(params, customerIdParams);
  return jsonOf(adminCustomerDetailResponse, toAdminCustomerDetailResponse(await getCustomerOrThrow(id)));
});
