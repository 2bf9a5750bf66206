// GET /api/admin/settings/bundle-credit — the floor of bundle credit: the lowest percentage of a bundle's price a customer who owns some of it pays
// PUT /api/admin/settings/bundle-credit — admin: save it (checkouts from then on use it)
import { bundleCreditSettingsSchema } from '@/lib/contract/accounts';
import { getBundleFloorPercent, saveBundleFloorPercent } from '@/lib/domain/bundle-credit';
import { adminHandler } from '@/lib/http/admin';
import { jsonOf, parseJson } from '@/lib/http/handler';

// A shop-wide money rule, like the licence tiers' prices: the business's, not the catalogue's (Decision 094).
export const GET = adminHandler('settings.business', async () => jsonOf(bundleCreditSettingsSchema, { floor_percent: await getBundleFloorPercent() }));

export const PUT = adminHandler('settings.business', async (request, _context, admin) => {
  const body = await parseJson(request, bundleCreditSettingsSchema);
  return jsonOf(bundleCreditSettingsSchema, { floor_percent: await saveBundleFloorPercent(admin.username, body.floor_percent) });
});
