// GET /api/admin/settings/abandoned-checkout — admin: the cart recovery email: on or off, hours after an unpaid checkout, the code it offers
// PUT /api/admin/settings/abandoned-checkout — admin: save them (the next run of the job follows them)
import { abandonedCheckoutSettingsSchema } from '@/lib/contract/newsletters';
import { getAbandonedCheckoutSettings, saveAbandonedCheckoutSettings } from '@/lib/domain/abandoned-checkouts';
import { adminHandler } from '@/lib/http/admin';
import { jsonOf, parseJson } from '@/lib/http/handler';
import { toAbandonedCheckoutResponse } from '@/lib/http/responses/newsletters';

export const GET = adminHandler('marketing', async () =>
  jsonOf(abandonedCheckoutSettingsSchema, toAbandonedCheckoutResponse(await getAbandonedCheckoutSettings()), { cache: 'no-store' }),
);

export const PUT = adminHandler('marketing', async (request, _context, admin) => {
  const body = await parseJson(request, abandonedCheckoutSettingsSchema);
  const saved = await saveAbandonedCheckoutSettings(admin.username, {
    enabled: body.enabled,
    delayHours: body.delay_hours,
    discountCodeId: body.discount_code_id,
  });
  return jsonOf(abandonedCheckoutSettingsSchema, toAbandonedCheckoutResponse(saved));
});
