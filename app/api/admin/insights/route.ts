// GET /api/admin/insights?from=&to=&interval=day|week|month — the owner's sales figures for a range of Sydney days (Decision 083)
import { insightsQuerySchema, insightsResponse } from '@/lib/contract/insights';
import { getInsights } from '@/lib/domain/insights';
import { adminHandler } from '@/lib/http/admin';
import { jsonOf, parseQuery } from '@/lib/http/handler';
import { toInsightsResponse } from '@/lib/http/responses/insights';

export const GET = adminHandler(async (request) => {
  const query = parseQuery(request, insightsQuerySchema);
  const insights = await getInsights({ from: query.from, to: query.to }, query.interval);
  return jsonOf(insightsResponse, toInsightsResponse(insights));
});
