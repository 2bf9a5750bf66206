// PUT /api/admin/licences/{key} — admin: rename, re-price, retire or restore a tier; new terms become its next version
import { revalidateCatalog } from '@/lib/cache/catalog';
import { adminTierUpdateSchema, adminTierWriteResponse, tierParamsSchema } from '@/lib/contract/licences';
import { BASIS_POINTS, getTerms, updateTier } from '@/lib/domain/licences';
import { adminHandler } from '@/lib/http/admin';
import { jsonOf, parseJson, parseParams } from '@/lib/http/handler';
import { toAdminTierResponse } from '@/lib/http/responses/licences';

export const PUT = adminHandler<{ key: string }>(async (request, { params }, admin) => {
  const { key } = await parseParams(params, tierParamsSchema);
  const body = await parseJson(request, adminTierUpdateSchema);
  const tier = await updateTier(admin.username, key, {
    name: body.name,
    summary: body.summary,
    terms: body.terms,
    retired: body.retired,
    priceBasisPoints: body.price_multiplier === undefined ? undefined : Math.round(body.price_multiplier * BASIS_POINTS),
  });
  revalidateCatalog();
  const terms = await getTerms(tier.key);
  return jsonOf(adminTierWriteResponse, { success: true, tier: toAdminTierResponse(tier, terms?.markdown ?? '') });
});
