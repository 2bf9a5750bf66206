// GET /api/tags — the tag vocabulary
// POST /api/tags — admin: add a tag (name)
import { tagSchema } from '@/lib/contract/admin';
import { tagWriteResponse } from '@/lib/contract/catalog';
import { revalidateCatalog } from '@/lib/cache/catalog';
import { createTag, listTags } from '@/lib/domain/catalog';
import { adminHandler } from '@/lib/http/admin';
import { handler, json, jsonOf, parseBody } from '@/lib/http/handler';
import { toTagResponse } from '@/lib/http/responses/catalog';

export const GET = handler(async () => json((await listTags()).map(toTagResponse), { cache: 'public' }));

export const POST = adminHandler('catalogue', async (request, _context, admin) => {
  const { name } = await parseBody(request, tagSchema);
  const tag = await createTag(admin.username, name);
  revalidateCatalog();
  return jsonOf(tagWriteResponse, { success: true, id: tag.id, name: tag.name }, { status: 201 });
});
