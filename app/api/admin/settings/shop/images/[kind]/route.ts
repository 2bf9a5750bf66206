// POST /api/admin/settings/shop/images/{kind} — admin: replace the logo or the hero image (multipart image; checked like every upload)
// DELETE /api/admin/settings/shop/images/{kind} — admin: remove it (the shop shows its name, or the default hero)
import { revalidateShop } from '@/lib/cache/shop';
import { shopIdentityResponse, shopImageParams } from '@/lib/contract/shop-identity';
import { getShopIdentity, removeShopImage, setShopImage } from '@/lib/domain/shop-identity';
import { adminHandler } from '@/lib/http/admin';
import { jsonOf, parsePathOrNotFound } from '@/lib/http/handler';
import { IMAGE_BODY, readImagePart } from '@/lib/http/image-upload';
import { toShopIdentityResponse } from '@/lib/http/responses/shop';

export const POST = adminHandler<{ kind: string }>(
  'settings.business',
  async (request, { params }, admin) => {
    // The body first: its field and file names are checked as text before anything is looked up.
    const image = await readImagePart(request);
    const { kind } = await parsePathOrNotFound(params, shopImageParams);
    await setShopImage(admin.username, kind, image);
    revalidateShop();
    return jsonOf(shopIdentityResponse, toShopIdentityResponse(await getShopIdentity()), { cache: 'no-store' });
  },
  IMAGE_BODY,
);

export const DELETE = adminHandler<{ kind: string }>('settings.business', async (_request, { params }, admin) => {
  const { kind } = await parsePathOrNotFound(params, shopImageParams);
  await removeShopImage(admin.username, kind);
  revalidateShop();
  return jsonOf(shopIdentityResponse, toShopIdentityResponse(await getShopIdentity()), { cache: 'no-store' });
});
