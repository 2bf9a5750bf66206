// POST /api/auth/reset-password — set a new password with an emailed token (form token, new_password)
import { resetPasswordSchema } from '@/lib/contract/accounts';
import { resetPassword } from '@/lib/domain/accounts';
import { assertSameOrigin } from '@/lib/http/client';
import { handler, json, parseBody } from '@/lib/http/handler';

export const POST = handler(async (request) => {
  assertSameOrigin(request);
  const input = await parseBody(request, resetPasswordSchema);
  await resetPassword(input.token, input.new_password);
  return json({ success: true, message: 'Your password has been reset. Please log in.' });
});
