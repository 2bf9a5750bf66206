// POST /api/categories/{id}/image — admin: set a category's display image (multipart image)
import { idParams } from '@/lib/contract/admin';
import { revalidateCatalog } from '@/lib/cache/catalog';
import { setCategoryImage } from '@/lib/domain/catalog';
import { adminHandler } from '@/lib/http/admin';
import { json, parseParams } from '@/lib/http/handler';
import { IMAGE_BODY, readImagePart } from '@/lib/http/image-upload';

export const POST = adminHandler<{ id: string }>(async (request, { params }, admin) => {
  const { id } = await parseParams(params, idParams);
  const result = await setCategoryImage(admin.username, id, await readImagePart(request));
  revalidateCatalog();
  return json({ success: true, ...result });
}, IMAGE_BODY);
