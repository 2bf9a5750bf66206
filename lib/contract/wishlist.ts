import { z } from 'zod';
import { productResponse } from './catalog';

// Wishlists (Decision 086). PUT and DELETE name the product in the path (productIdParams).

/** GET /api/account/wishlist: the saved ids (newest first) and the products themselves. */
export const wishlistResponse = z.object({ product_ids: z.array(z.string()), items: z.array(productResponse) });
export type WishlistResponse = z.infer<typeof wishlistResponse>;

/** PUT and DELETE answer whether the product is now saved. */
export const wishlistWriteResponse = z.object({ success: z.literal(true), saved: z.boolean() });
