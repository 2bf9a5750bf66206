// POST /api/admin/customers/{id}/cancel-membership — end a membership now or at the end of its period, at Stripe too for a subscription (JSON or form when)
import { cancelMembershipRequest, customerActionResponse, customerIdParams } from '@/lib/contract/customers';
import { cancelCustomerMembership } from '@/lib/domain/customers';
import { adminHandler } from '@/lib/http/admin';
import { jsonOf, parseBody, parseParams } from '@/lib/http/handler';

export const POST = adminHandler<{ id: string }>('customers', async (request, { params }, admin) => {
  const { id } = await parseParams(params, customerIdParams);
  const { when } = await parseBody(request, cancelMembershipRequest);
  await cancelCustomerMembership(admin.username, id, when);
  return jsonOf(customerActionResponse, {
    success: true,
    message: when === 'now' ? 'Membership ended now' : 'Membership will end at the end of its period and not renew',
  });
});
