// PUT /api/admin/account/password — change one's own password (the current one required); other sessions end
import { successResponse } from '@/lib/contract/common';
import { changePasswordSchema } from '@/lib/contract/staff';
import { changeOwnPassword } from '@/lib/domain/staff';
import { adminHandler } from '@/lib/http/admin';
import { jsonOf, parseBody } from '@/lib/http/handler';

export const PUT = adminHandler('account', async (request, _context, admin) => {
  const input = await parseBody(request, changePasswordSchema);
  await changeOwnPassword(admin, input.current_password, input.new_password);
  return jsonOf(successResponse, { success: true, message: 'Password changed' });
});
