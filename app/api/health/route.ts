// GET /api/health — readiness for load balancers and the load test: 200 when Postgres answers, else 503
import { healthResponse } from '@/lib/contract/admin';
import { checkReadiness } from '@/lib/domain/health';
import { handler, jsonOf } from '@/lib/http/handler';

export const GET = handler(async () => {
  await checkReadiness();
  return jsonOf(healthResponse, { status: 'ok' });
});
