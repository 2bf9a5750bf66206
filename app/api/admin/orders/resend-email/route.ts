// POST /api/admin/orders/resend-email — send an order's email again (form session_id, email), logged with the admin
import { resendEmailSchema } from '@/lib/contract/admin';
import { resendEmailResponse } from '@/lib/contract/orders';
import { resendOrderEmail } from '@/lib/domain/orders';
import { adminHandler } from '@/lib/http/admin';
import { jsonOf, parseBody } from '@/lib/http/handler';

export const POST = adminHandler('emails', async (request, _context, admin) => {
  const input = await parseBody(request, resendEmailSchema);
  await resendOrderEmail(admin.username, input.session_id, input.email);
  return jsonOf(resendEmailResponse, { success: true, message: `Email sent to ${input.email}` });
});
