// POST /api/bundles/{id}/images — admin: add images to the bundle's gallery (multipart, repeated `images`)
// PUT /api/bundles/{id}/images — admin: reorder and caption the gallery (JSON [{ id, alt }] in the new order)
import { galleryRoutes } from '@/lib/http/gallery-routes';

export const { POST, PUT } = galleryRoutes(true);
