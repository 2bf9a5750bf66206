import { z } from 'zod';

// Building blocks of the response schemas. Money leaves the server as dollars
// (docs/product.md §3 shows `price: 35`), dates as ISO 8601 strings.

export const dollars = z.number().min(0);
export const isoDateTime = z.iso.datetime({ offset: true });

/** The plain acknowledgement of a change: `{ success: true }`, sometimes with a message. */
export const successResponse = z.object({ success: z.literal(true), message: z.string().optional() });
export type SuccessResponse = z.infer<typeof successResponse>;

/** An id in a path (cuid2, or the seed's ids): letters and digits only. */
export const pathId = z
  .string()
  .min(1)
  .max(64)
  .regex(/^[a-z0-9]+$/i, 'Invalid id');

/** `{productId}` of the account routes (wishlist, own review). */
export const productIdParams = z.object({ productId: pathId });

/** "a,b,c" in a query string: distinct catalogue ids, at least one and at most `max`. */
export function idListQuery(max: number, missing: string) {
  return z
    .string({ message: missing })
    .max(max * 65)
    .transform((v) => [
      ...new Set(
        v
          .split(',')
          .map((id) => id.trim())
          .filter(Boolean),
      ),
    ])
    .pipe(
      z
        .array(z.string().regex(/^[a-z0-9]{1,64}$/i, 'Invalid id'))
        .min(1, 'Name at least one product')
        .max(max, `At most ${max} products`),
    );
}
