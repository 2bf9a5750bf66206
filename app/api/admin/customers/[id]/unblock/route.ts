// POST /api/admin/customers/{id}/unblock — allow the customer to sign in again
import { customerActionResponse, customerIdParams } from '@/lib/contract/customers';
import { unblockCustomer } from '@/lib/domain/customers';
import { adminHandler } from '@/lib/http/admin';
import { jsonOf, parseParams } from '@/lib/http/handler';

export const POST = adminHandler<{ id: string }>('customers', async (_request, { params }, admin) => {
  const { id } = await parseParams(params, customerIdParams);
  await unblockCustomer(admin.username, id);
  return jsonOf(customerActionResponse, { success: true, message: 'Sign-in unblocked' });
});
