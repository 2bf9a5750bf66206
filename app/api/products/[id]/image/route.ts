// POST /api/products/{id}/image — admin: replace the mockup of a product or the cover of a bundle (multipart image)
import { idParams } from '@/lib/contract/admin';
import { catalogItemImageResponse } from '@/lib/contract/catalog';
import { revalidateCatalog } from '@/lib/cache/catalog';
import { setCatalogItemImage } from '@/lib/domain/catalog';
import { adminHandler } from '@/lib/http/admin';
import { jsonOf, parseParams } from '@/lib/http/handler';
import { IMAGE_BODY, readImagePart } from '@/lib/http/image-upload';

export const POST = adminHandler<{ id: string }>(
  'catalogue',
  async (request, { params }, admin) => {
    const { id } = await parseParams(params, idParams);
    const image = await setCatalogItemImage(admin.username, id, await readImagePart(request));
    revalidateCatalog();
    return jsonOf(catalogItemImageResponse, { success: true, image_path: image.imagePath, thumbnail_path: image.thumbnailPath });
  },
  IMAGE_BODY,
);
