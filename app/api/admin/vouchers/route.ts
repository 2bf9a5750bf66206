// GET /api/admin/vouchers — every voucher with status and balances
import { listVouchers } from '@/lib/domain/vouchers';
import { adminHandler } from '@/lib/http/admin';
import { json } from '@/lib/http/handler';
import { toVoucherResponse } from '@/lib/http/responses/vouchers';

export const GET = adminHandler(async () => json((await listVouchers()).map(toVoucherResponse)));
