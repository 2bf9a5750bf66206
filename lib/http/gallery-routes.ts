import 'server-only';
import { galleryArrangeSchema, galleryImageParams, galleryResponse, idParamsSchema } from '@/lib/contract/catalog';
import { revalidateCatalog } from '@/lib/cache/catalog';
import { addGalleryImages, arrangeGallery, removeGalleryImage, type GalleryImage } from '@/lib/domain/catalog';
import { adminHandler } from './admin';
import { jsonOf, parseJson, parseParams } from './handler';
import { GALLERY_BODY, readImageParts } from './image-upload';
import { toGalleryResponse } from './responses/catalog';

// The gallery routes of /api/products/{id}/images and /api/bundles/{id}/images
// (Decision 086): the same rules for both kinds, each answering the gallery as
// it now is. Every change refreshes the catalogue (listings show the main image).

const answer = (images: GalleryImage[], status = 200) => {
  revalidateCatalog();
  return jsonOf(galleryResponse, { success: true, images: toGalleryResponse(images) }, { status });
};

export function galleryRoutes(isBundle: boolean) {
  const POST = adminHandler<{ id: string }>(
    'catalogue',
    async (request, { params }, admin) => {
      const { id } = await parseParams(params, idParamsSchema);
      return answer(await addGalleryImages(admin.username, id, isBundle, readImageParts(request, 'images')), 201);
    },
    GALLERY_BODY,
  );

  const PUT = adminHandler<{ id: string }>('catalogue', async (request, { params }, admin) => {
    const { id } = await parseParams(params, idParamsSchema);
    const entries = await parseJson(request, galleryArrangeSchema);
    return answer(await arrangeGallery(admin.username, id, isBundle, entries));
  });

  const DELETE = adminHandler<{ id: string; imageId: string }>('catalogue', async (_request, { params }, admin) => {
    const { id, imageId } = await parseParams(params, galleryImageParams);
    return answer(await removeGalleryImage(admin.username, id, isBundle, imageId));
  });

  return { POST, PUT, DELETE };
}
