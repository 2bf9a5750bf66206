// GET /api/admin/licences — admin: every licence tier (retired too) with its current terms, and the membership's included tier
// POST /api/admin/licences — admin: add a tier (at the end of the list)
// PUT /api/admin/licences — admin: reorder the tiers and/or choose the tier a membership includes
import { revalidateCatalog } from '@/lib/cache/catalog';
import { adminTierCreateSchema, adminTierSettingsSchema, adminTiersResponse, adminTierWriteResponse } from '@/lib/contract/licences';
import { BASIS_POINTS, createTier, getMemberTierKey, listCurrentTerms, listTiers, updateTierSettings } from '@/lib/domain/licences';
import { adminHandler } from '@/lib/http/admin';
import { jsonOf, parseJson } from '@/lib/http/handler';
import { toAdminTierResponse } from '@/lib/http/responses/licences';

async function tiersResponse() {
  const [tiers, terms, memberTier] = await Promise.all([listTiers(), listCurrentTerms(), getMemberTierKey()]);
  return { tiers: tiers.map((t) => toAdminTierResponse(t, terms.get(t.id) ?? '')), member_tier: memberTier };
}

export const GET = adminHandler(async () => jsonOf(adminTiersResponse, await tiersResponse(), { cache: 'no-store' }));

export const POST = adminHandler(async (request, _context, admin) => {
  const body = await parseJson(request, adminTierCreateSchema);
  const tier = await createTier(admin.username, {
    key: body.key,
    name: body.name,
    summary: body.summary,
    terms: body.terms,
    priceBasisPoints: Math.round(body.price_multiplier * BASIS_POINTS),
  });
  revalidateCatalog();
  return jsonOf(adminTierWriteResponse, { success: true, tier: toAdminTierResponse(tier, body.terms) }, { status: 201 });
});

export const PUT = adminHandler(async (request, _context, admin) => {
  const body = await parseJson(request, adminTierSettingsSchema);
  await updateTierSettings(admin.username, { order: body.order, memberTier: body.member_tier });
  revalidateCatalog();
  return jsonOf(adminTiersResponse, await tiersResponse(), { cache: 'no-store' });
});
