// POST /api/admin/account/two-factor/confirm — the first code from the app turns two-factor sign-in on → ten recovery codes, shown once
import { recoveryCodesResponse, twoFactorCodeSchema } from '@/lib/contract/staff';
import { confirmTwoFactorEnrolment } from '@/lib/domain/staff';
import { adminHandler } from '@/lib/http/admin';
import { jsonOf, parseBody } from '@/lib/http/handler';

export const POST = adminHandler('account', async (request, _context, admin) => {
  const { code } = await parseBody(request, twoFactorCodeSchema);
  return jsonOf(recoveryCodesResponse, { recovery_codes: await confirmTwoFactorEnrolment(admin, code) });
});
