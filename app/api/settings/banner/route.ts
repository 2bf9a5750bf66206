// GET /api/settings/banner — the announcement banner message
// POST /api/settings/banner — admin: save the banner (form message), stored upper-case
import { bannerSchema } from '@/lib/contract/admin';
import { bannerResponse, bannerWriteResponse } from '@/lib/contract/catalog';
import { getBanner, revalidateCatalog } from '@/lib/cache/catalog';
import { setBanner } from '@/lib/domain/catalog';
import { adminHandler } from '@/lib/http/admin';
import { handler, jsonOf, parseBody } from '@/lib/http/handler';

export const GET = handler(async () => jsonOf(bannerResponse, { message: await getBanner() }, { cache: 'public' }));

export const POST = adminHandler('settings.storefront', async (request, _context, admin) => {
  const { message } = await parseBody(request, bannerSchema);
  const saved = await setBanner(admin.username, message);
  revalidateCatalog();
  return jsonOf(bannerWriteResponse, { success: true, message: saved });
});
