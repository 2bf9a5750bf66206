// POST /api/categories/{id}/image — admin: set a category's display image (multipart image)
import { idParams } from '@/lib/contract/admin';
import { categoryImageResponse } from '@/lib/contract/catalog';
import { revalidateCatalog } from '@/lib/cache/catalog';
import { setCategoryImage } from '@/lib/domain/catalog';
import { adminHandler } from '@/lib/http/admin';
import { jsonOf, parseParams } from '@/lib/http/handler';
import { IMAGE_BODY, readImagePart } from '@/lib/http/image-upload';

export const POST = adminHandler<{ id: string }>(
  'catalogue',
  async (request, { params }, admin) => {
    const { id } = await parseParams(params, idParams);
    const image = await setCategoryImage(admin.username, id, await readImagePart(request));
    revalidateCatalog();
    return jsonOf(categoryImageResponse, { success: true, display_image: image.displayImagePath });
  },
  IMAGE_BODY,
);
