import 'server-only';
import { idParams, productEditSchema } from '@/lib/contract/admin';
import { catalogItemWriteResponse } from '@/lib/contract/catalog';
import { successResponse } from '@/lib/contract/common';
import { revalidateCatalog } from '@/lib/cache/catalog';
import { deleteCatalogItem, updateCatalogItem } from '@/lib/domain/catalog';
import { dollarsToCents } from '@/lib/format';
import { adminHandler } from './admin';
import { jsonOf, parseJson, parseParams } from './handler';

// PUT and DELETE for /api/products/{id} and /api/bundles/{id}: the same rules for both kinds.
export function catalogItemWriteRoutes(isBundle: boolean) {
  const PUT = adminHandler<{ id: string }>(async (request, { params }, admin) => {
    const { id } = await parseParams(params, idParams);
    const input = await parseJson(request, productEditSchema);
    const cents = (v: number | null | undefined) => (v === undefined ? undefined : v === null ? null : dollarsToCents(v));
    await updateCatalogItem(admin.username, id, isBundle, {
      title: input.title,
      priceCents: cents(input.price) ?? undefined,
      salePriceCents: cents(input.sale_price),
      description: input.description,
      category: input.category,
      subcategory: input.subcategory,
      tags: input.tags,
      onSale: input.on_sale,
      saleStart: input.sale_start,
      saleEnd: input.sale_end,
      productIds: input.product_ids,
      licencePrices:
        input.licence_prices &&
        Object.fromEntries(Object.entries(input.licence_prices).map(([key, v]) => [key, typeof v === 'number' ? dollarsToCents(v) : v])),
    });
    revalidateCatalog();
    return jsonOf(catalogItemWriteResponse, { success: true, id });
  });

  const DELETE = adminHandler<{ id: string }>(async (_request, { params }, admin) => {
    const { id } = await parseParams(params, idParams);
    await deleteCatalogItem(admin.username, id, isBundle);
    revalidateCatalog();
    return jsonOf(successResponse, { success: true });
  });

  return { PUT, DELETE };
}
