// GET /api/settings/banner — the announcement banner message
// POST /api/settings/banner — admin: save the banner (form message), stored upper-case
import { bannerSchema } from '@/lib/contract/admin';
import { getBanner, revalidateCatalog } from '@/lib/cache/catalog';
import { setBanner } from '@/lib/domain/catalog';
import { adminHandler } from '@/lib/http/admin';
import { handler, json, parseBody } from '@/lib/http/handler';

export const GET = handler(async () => json({ message: await getBanner() }, { cache: 'public' }));

export const POST = adminHandler(async (request, _context, admin) => {
  const { message } = await parseBody(request, bannerSchema);
  const saved = await setBanner(admin.username, message);
  revalidateCatalog();
  return json({ success: true, message: saved });
});
