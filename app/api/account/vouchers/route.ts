// GET /api/account/vouchers — gift vouchers issued to the session user's email, once the address is verified
import { listCustomerVouchers } from '@/lib/domain/vouchers';
import { handler, json } from '@/lib/http/handler';
import { requireSessionUser } from '@/lib/http/session';

export const GET = handler(async (request) => {
  const user = await requireSessionUser(request);
  // A voucher code is money: shown only to whoever proved they own the address.
  if (!user.emailVerified) return json({ vouchers: [], email_verified: false });
  return json({ vouchers: await listCustomerVouchers(user.email), email_verified: true });
});
