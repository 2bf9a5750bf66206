// POST /api/admin/bundles — admin: create a bundle of existing products (JSON title, price, category, product_ids, …)
import { bundleCreateSchema } from '@/lib/contract/admin-requests';
import { bundleCreateResponse } from '@/lib/contract/catalog';
import { revalidateCatalog } from '@/lib/cache/catalog';
import { createBundle } from '@/lib/domain/catalog';
import { dollarsToCents } from '@/lib/format';
import { adminHandler } from '@/lib/http/admin';
import { jsonOf, parseJson } from '@/lib/http/handler';

export const POST = adminHandler('catalogue', async (request, _context, admin) => {
  const input = await parseJson(request, bundleCreateSchema);
  const { id } = await createBundle(admin.username, {
    title: input.title,
    priceCents: dollarsToCents(input.price),
    description: input.description,
    category: input.category,
    subcategory: input.subcategory,
    tags: input.tags,
    productIds: input.product_ids,
  });
  revalidateCatalog();
  return jsonOf(bundleCreateResponse, { id }, { status: 201 });
});
