// POST /api/admin/customers/{id}/block — refuse the customer's sign-in and end every session of theirs at once
import { customerActionResponse, customerIdParams } from '@/lib/contract/customers';
import { blockCustomer } from '@/lib/domain/customers';
import { adminHandler } from '@/lib/http/admin';
import { jsonOf, parseParams } from '@/lib/http/handler';

export const POST = adminHandler<{ id: string }>('customers', async (_request, { params }, admin) => {
  const { id } = await parseParams(params, customerIdParams);
  const revoked = await blockCustomer(admin.username, id);
  return jsonOf(customerActionResponse, { success: true, message: `Sign-in blocked; ${revoked} session${revoked === 1 ? '' : 's'} ended` });
});
