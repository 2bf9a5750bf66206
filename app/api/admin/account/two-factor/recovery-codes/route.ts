// POST /api/admin/account/two-factor/recovery-codes — ten new recovery codes for a current code from the app; the old ones stop working
import { recoveryCodesResponse, twoFactorCodeSchema } from '@/lib/contract/staff';
import { regenerateRecoveryCodes } from '@/lib/domain/staff';
import { adminHandler } from '@/lib/http/admin';
import { jsonOf, parseBody } from '@/lib/http/handler';

export const POST = adminHandler('account', async (request, _context, admin) => {
  const { code } = await parseBody(request, twoFactorCodeSchema);
  return jsonOf(recoveryCodesResponse, { recovery_codes: await regenerateRecoveryCodes(admin, code) });
});
