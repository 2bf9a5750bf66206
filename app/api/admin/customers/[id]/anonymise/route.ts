// POST /api/admin/customers/{id}/anonymise — anonymise on the customer's request: name and email replaced, sign-in impossible, orders, invoices and licences kept
import { customerActionResponse, customerIdParams } from '@/lib/contract/customers';
import { anonymiseCustomer } from '@/lib/domain/customers';
import { adminHandler } from '@/lib/http/admin';
import { jsonOf, parseParams } from '@/lib/http/handler';

export const POST = adminHandler<{ id: string }>('customers', async (_request, { params }, admin) => {
  const { id } = await parseParams(params, customerIdParams);
  await anonymiseCustomer(admin.username, id);
  return jsonOf(customerActionResponse, { success: true, message: 'Customer anonymised' });
});
