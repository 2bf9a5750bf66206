// GET /api/admin/newsletters — admin: the newsletters, newest first, each with its sending progress
// POST /api/admin/newsletters — admin: write a new draft (subject, Markdown, featured products)
import { newsletterInputSchema, newsletterListResponse, newsletterResponse } from '@/lib/contract/newsletters';
import { createNewsletter, listNewsletters } from '@/lib/domain/newsletters';
import { adminHandler } from '@/lib/http/admin';
import { jsonOf, parseJson } from '@/lib/http/handler';
import { toNewsletterResponse } from '@/lib/http/responses/newsletters';

export const GET = adminHandler('marketing', async () => {
  const rows = await listNewsletters();
  return jsonOf(newsletterListResponse, { newsletters: await Promise.all(rows.map(toNewsletterResponse)) }, { cache: 'no-store' });
});

export const POST = adminHandler('marketing', async (request, _context, admin) => {
  const body = await parseJson(request, newsletterInputSchema);
  const row = await createNewsletter(admin.username, { subject: body.subject, markdown: body.markdown, featuredProductIds: body.featured_product_ids });
  return jsonOf(newsletterResponse, await toNewsletterResponse(row), { status: 201 });
});
