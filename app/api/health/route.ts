// GET /api/health — readiness for load balancers and the load test: 200 when Postgres answers, else 503
import { healthResponse } from '@/lib/contract/admin';
import { handler, jsonOf } from '@/lib/http/handler';
import { pingDatabase } from '@/lib/infra/db';

export const GET = handler(async () => {
  await pingDatabase();
  return jsonOf(healthResponse, { status: 'ok' });
});
