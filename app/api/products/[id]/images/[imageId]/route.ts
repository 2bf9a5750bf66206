// DELETE /api/products/{id}/images/{imageId} — admin: remove one image of the product's gallery
import { galleryRoutes } from '@/lib/http/gallery-routes';

export const { DELETE } = galleryRoutes(false);
