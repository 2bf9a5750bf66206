// GET /api/admin/settings/reviews — the review request email: on or off, and how many days after purchase
// PUT /api/admin/settings/reviews — admin: save them (orders paid from now on follow them)
import { reviewSettingsSchema } from '@/lib/contract/reviews';
import { getReviewRequestSettings, saveReviewRequestSettings, type ReviewRequestSettings } from '@/lib/domain/reviews';
import { adminHandler } from '@/lib/http/admin';
import { jsonOf, parseJson } from '@/lib/http/handler';

const toDto = (settings: ReviewRequestSettings) => ({ request_enabled: settings.enabled, request_delay_days: settings.delayDays });

export const GET = adminHandler('reviews', async () => jsonOf(reviewSettingsSchema, toDto(await getReviewRequestSettings())));

export const PUT = adminHandler('reviews', async (request, _context, admin) => {
  const body = await parseJson(request, reviewSettingsSchema);
  const saved = await saveReviewRequestSettings(admin.username, { enabled: body.request_enabled, delayDays: body.request_delay_days });
  return jsonOf(reviewSettingsSchema, toDto(saved));
});
