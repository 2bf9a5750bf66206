// GET /api/account/vouchers — gift vouchers issued to the session user's email, once the address is verified
import { listCustomerVouchers } from '@/lib/domain/vouchers';
import { customerVouchersResponse } from '@/lib/contract/vouchers';
import { handler, jsonOf } from '@/lib/http/handler';
import { toCustomerVoucherResponse } from '@/lib/http/responses/vouchers';
import { requireSessionUser } from '@/lib/http/session';

export const GET = handler(async (request) => {
  const user = await requireSessionUser(request);
  // A voucher code is money: shown only to whoever proved they own the address.
  if (!user.emailVerified) return jsonOf(customerVouchersResponse, { vouchers: [], email_verified: false });
  const vouchers = await listCustomerVouchers(user.email);
  return jsonOf(customerVouchersResponse, { vouchers: vouchers.map(toCustomerVoucherResponse), email_verified: true });
});
