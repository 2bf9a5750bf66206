// GET /api/products/{id} — one product (bundles answer at /api/bundles/{id})
// PUT /api/products/{id} — admin: edit the product (bulk category or full edit)
// DELETE /api/products/{id} — admin: delete the product (past orders keep it)
import { getItem } from '@/lib/cache/catalog';
import { getLicenceTiers } from '@/lib/cache/licences';
import { idParamsSchema } from '@/lib/contract/catalog';
import { notFound } from '@/lib/domain/errors';
import { catalogItemWriteRoutes } from '@/lib/http/catalog-item-routes';
import { handler, json, parseParams } from '@/lib/http/handler';
import { toProductResponse } from '@/lib/http/responses/catalog';

export const GET = handler<{ id: string }>(async (_request, { params }) => {
  const { id } = await parseParams(params, idParamsSchema);
  const [item, tiers] = await Promise.all([getItem(id, 'product'), getLicenceTiers()]);
  if (!item) throw notFound('Product not found');
  return json(toProductResponse(item, tiers), { cache: 'public' });
});

export const { PUT, DELETE } = catalogItemWriteRoutes(false);
