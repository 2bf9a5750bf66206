// POST /api/admin/customers/{id}/resend-verification — email the customer a fresh email-verification link
import { customerActionResponse, customerIdParams } from '@/lib/contract/customers';
import { resendVerification } from '@/lib/domain/customers';
import { adminHandler } from '@/lib/http/admin';
import { jsonOf, parseParams } from '@/lib/http/handler';

export const POST = adminHandler<{ id: string }>('emails', async (_request, { params }, admin) => {
  const { id } = await parseParams(params, customerIdParams);
  const email = await resendVerification(admin.username, id);
  return jsonOf(customerActionResponse, { success: true, message: `Verification link sent to ${email}` });
});
