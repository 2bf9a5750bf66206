// GET /api/bundles/{id} — one bundle, with the ids of the products it contains
import { getItem } from '@/lib/cache/catalog';
import { idParamsSchema, toBundleResponse } from '@/lib/contract/catalog';
import { notFound } from '@/lib/domain/errors';
import { handler, json, parseParams } from '@/lib/http/handler';

export const GET = handler<{ id: string }>(async (_request, { params }) => {
  const { id } = await parseParams(params, idParamsSchema);
  const item = await getItem(id, 'bundle');
  if (!item) throw notFound('Bundle not found');
  return json(toBundleResponse(item), { cache: 'public' });
});
