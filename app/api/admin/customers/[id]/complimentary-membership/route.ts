// POST /api/admin/customers/{id}/complimentary-membership — grant a membership for N months without payment (JSON or form months)
import { complimentaryMembershipRequest, customerActionResponse, customerIdParams } from '@/lib/contract/customers';
import { grantComplimentaryMembership } from '@/lib/domain/customers';
import { formatDate } from '@/lib/format';
import { adminHandler } from '@/lib/http/admin';
import { jsonOf, parseBody, parseParams } from '@/lib/http/handler';

export const POST = adminHandler<{ id: string }>('customers', async (request, { params }, admin) => {
  const { id } = await parseParams(params, customerIdParams);
  const { months } = await parseBody(request, complimentaryMembershipRequest);
  const until = await grantComplimentaryMembership(admin.username, id, months);
  return jsonOf(customerActionResponse, { success: true, message: `Complimentary membership granted until ${formatDate(until)}` });
});
