// GET /api/admin/reviews?status=&search=&limit=&offset= — one page of reviews, newest first, each with why it shows or not (total in X-Total-Count)
import { adminReviewQuery } from '@/lib/contract/reviews';
import { listAdminReviews } from '@/lib/domain/reviews';
import { adminHandler } from '@/lib/http/admin';
import { json, parseQuery } from '@/lib/http/handler';
import { toAdminReviewResponse } from '@/lib/http/responses/reviews';

export const GET = adminHandler('reviews', async (request) => {
  const query = parseQuery(request, adminReviewQuery);
  const page = await listAdminReviews(query);
  return json(page.items.map(toAdminReviewResponse), { headers: { 'X-Total-Count': String(page.total) } });
});
