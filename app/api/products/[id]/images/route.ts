// POST /api/products/{id}/images — admin: add images to the product's gallery (multipart, repeated `images`)
// PUT /api/products/{id}/images — admin: reorder and caption the gallery (JSON [{ id, alt }] in the new order)
import { galleryRoutes } from '@/lib/http/gallery-routes';

export const { POST, PUT } = galleryRoutes(false);
