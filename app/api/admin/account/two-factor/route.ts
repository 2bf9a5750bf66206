// POST, DELETE /api/admin/account/two-factor — start enrolling an authenticator app (secret, QR code); turn two-factor sign-in off (password)
import { successResponse } from '@/lib/contract/common';
import { twoFactorEnrolmentResponse, twoFactorOffSchema } from '@/lib/contract/staff';
import { disableTwoFactor, startTwoFactorEnrolment } from '@/lib/domain/staff';
import { adminHandler } from '@/lib/http/admin';
import { jsonOf, parseBody } from '@/lib/http/handler';

export const POST = adminHandler('account', async (_request, _context, admin) => {
  const enrolment = await startTwoFactorEnrolment(admin);
  return jsonOf(twoFactorEnrolmentResponse, { secret: enrolment.secret, otpauth_url: enrolment.otpauthUrl, qr_code: enrolment.qrCode });
});

export const DELETE = adminHandler('account', async (request, _context, admin) => {
  const { password } = await parseBody(request, twoFactorOffSchema);
  await disableTwoFactor(admin, password);
  return jsonOf(successResponse, { success: true });
});
