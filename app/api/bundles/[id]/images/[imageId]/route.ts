// DELETE /api/bundles/{id}/images/{imageId} — admin: remove one image of the bundle's gallery
import { galleryRoutes } from '@/lib/http/gallery-routes';

export const { DELETE } = galleryRoutes(true);
