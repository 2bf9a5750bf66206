// GET /api/admin/settings/pages/{slug} — one of the shop's pages (about, refund-policy, privacy, contact) in Markdown
// PUT /api/admin/settings/pages/{slug} — admin: save its Markdown (rendered sanitised at /pages/{slug})
import { revalidateShop } from '@/lib/cache/shop';
import { shopPageParams, shopPageResponse, shopPageSchema } from '@/lib/contract/shop-identity';
import { getShopPage, saveShopPage } from '@/lib/domain/shop-identity';
import { adminHandler } from '@/lib/http/admin';
import { jsonOf, parseJson, parsePathOrNotFound } from '@/lib/http/handler';
import { toShopPageResponse } from '@/lib/http/responses/shop';

export const GET = adminHandler<{ slug: string }>('settings.storefront', async (_request, { params }) => {
  const { slug } = await parsePathOrNotFound(params, shopPageParams, 'Page not found');
  return jsonOf(shopPageResponse, toShopPageResponse(await getShopPage(slug)), { cache: 'no-store' });
});

export const PUT = adminHandler<{ slug: string }>('settings.storefront', async (request, { params }, admin) => {
  // The body first: its text is checked before anything is looked up, whatever the path names.
  const { markdown } = await parseJson(request, shopPageSchema);
  const { slug } = await parsePathOrNotFound(params, shopPageParams, 'Page not found');
  const saved = await saveShopPage(admin.username, slug, markdown);
  revalidateShop();
  return jsonOf(shopPageResponse, toShopPageResponse(saved), { cache: 'no-store' });
});
