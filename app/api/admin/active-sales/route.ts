// GET /api/admin/active-sales — items on sale now or scheduled, with their discount
import { listActiveSales } from '@/lib/domain/sales';
import { adminHandler } from '@/lib/http/admin';
import { json } from '@/lib/http/handler';
import { toActiveSaleResponse } from '@/lib/http/responses/sales';

export const GET = adminHandler(async () => json((await listActiveSales()).map(toActiveSaleResponse)));
