// GET /api/admin/settings/shop — the shop's identity: name, logo, hero, social handle, contact email, footer line
// PUT /api/admin/settings/shop — admin: save its text (every cached page shows it at once)
import { revalidateShop } from '@/lib/cache/shop';
import { shopIdentityResponse, shopIdentitySchema } from '@/lib/contract/shop-identity';
import { getShopIdentity, saveShopIdentity } from '@/lib/domain/shop-identity';
import { adminHandler } from '@/lib/http/admin';
import { jsonOf, parseJson } from '@/lib/http/handler';
import { toShopIdentityResponse } from '@/lib/http/responses/shop';

export const GET = adminHandler('settings.business', async () =>
  jsonOf(shopIdentityResponse, toShopIdentityResponse(await getShopIdentity()), { cache: 'no-store' }),
);

export const PUT = adminHandler('settings.business', async (request, _context, admin) => {
  const body = await parseJson(request, shopIdentitySchema);
  const saved = await saveShopIdentity(admin.username, {
    name: body.name,
    heroHeadline: body.hero_headline,
    heroText: body.hero_text,
    socialHandle: body.social_handle,
    contactEmail: body.contact_email,
    footerLine: body.footer_line,
  });
  revalidateShop();
  return jsonOf(shopIdentityResponse, toShopIdentityResponse(saved), { cache: 'no-store' });
});
