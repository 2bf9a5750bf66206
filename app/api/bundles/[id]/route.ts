// GET /api/bundles/{id} — one bundle, with the ids of the products it contains
// PUT /api/bundles/{id} — admin: edit the bundle (bulk category or full edit)
// DELETE /api/bundles/{id} — admin: delete the bundle (past orders keep it)
import { getItem } from '@/lib/cache/catalog';
import { getLicenceTiers } from '@/lib/cache/licences';
import { idParamsSchema } from '@/lib/contract/catalog';
import { notFound } from '@/lib/domain/errors';
import { catalogItemWriteRoutes } from '@/lib/http/catalog-item-routes';
import { handler, json, parseParams } from '@/lib/http/handler';
import { toBundleResponse } from '@/lib/http/responses/catalog';

export const GET = handler<{ id: string }>(async (_request, { params }) => {
  const { id } = await parseParams(params, idParamsSchema);
  const [item, tiers] = await Promise.all([getItem(id, 'bundle'), getLicenceTiers()]);
  if (!item) throw notFound('Bundle not found');
  return json(toBundleResponse(item, tiers), { cache: 'public' });
});

export const { PUT, DELETE } = catalogItemWriteRoutes(true);
