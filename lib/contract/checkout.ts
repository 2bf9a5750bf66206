import { z } from 'zod';
import { dollars, successResponse } from './common';
import { licenceId, tierKey } from './licences';
import { marketingConsent } from './marketing';

// Contracts of the checkout endpoints (docs/product.md §7). Prices the browser sends are
// accepted in the shape but never used: the server prices from the database.

const productId = z
  .string()
  .trim()
  .min(1)
  .max(64)
  .regex(/^[a-z0-9]+$/i, 'Invalid product id');

const cartItem = z.object({
  product_id: productId,
  title: z.string().max(300).optional(),
  price: z.number().optional(),
  image_path: z.string().max(2000).nullable().optional(),
  is_bundle: z.boolean().optional(),
  /** The licence tier (absent: the item's default tier, Decision 081). */
  licence: tierKey.optional(),
  /** An upgrade: the licence, held by the buyer, raised to `licence`. */
  upgrade_licence_id: licenceId.optional(),
});

const holderName = z.string().trim().max(120).optional();
/** A guest's email, for the receipt and for discount codes limited per customer (Decision 090); a signed-in buyer's is the account's. */
const guestEmail = z.email('Enter a valid email address').max(254).optional();
const cartItems = z.array(cartItem).max(100, 'A cart holds at most 100 items');

// The spec's "JSON body: cart items": a bare list, or { items: [...], holder_name?, email? }.
// `marketing_consent`: a guest ticked "Email me new designs and offers" (Decision 095).
export const checkoutBodySchema = z
  .union([z.array(cartItem), z.object({ items: z.array(cartItem), holder_name: holderName, email: guestEmail, marketing_consent: marketingConsent })])
  .transform((body) => (Array.isArray(body) ? { items: body, holder_name: undefined, email: undefined, marketing_consent: false } : body))
  .pipe(z.object({ items: cartItems, holder_name: holderName, email: guestEmail, marketing_consent: z.boolean() }));

// POST /validate-discount: the spec's client sends no body; the shop's cart sends its items
// (scoped codes apply to some of them) and a guest's email once typed.
export const validateDiscountBodySchema = z.object({ items: cartItems.optional(), email: guestEmail });

export const discountCodeSchema = z
  .string()
  .trim()
  .max(40)
  .regex(/^[A-Za-z0-9-]*$/, 'Invalid discount code');

export const checkoutQuerySchema = z.object({
  user_id: z.string().max(64).optional(),
  discount_code: discountCodeSchema.optional(),
});

export const validateDiscountQuerySchema = z.object({
  code: z.string().trim().max(100).default(''),
  subtotal: z.coerce.number().min(0).max(1_000_000).optional(),
});

export const sessionIdSchema = z
  .string()
  .min(10)
  .max(200)
  .regex(/^[A-Za-z0-9_]+$/, 'Invalid session id');

export const sessionParamsSchema = z.object({ sessionId: sessionIdSchema });

export const downloadParamsSchema = z.object({ sessionId: sessionIdSchema, productId });

export const downloadAllParamsSchema = z.object({ sessionId: sessionIdSchema });

/** GET /api/orders/invoice/{sessionId}/adjustments/{refundId}: refund ids are rf_ plus letters, digits, - or _. */
export const adjustmentNoteParams = z.object({
  sessionId: sessionIdSchema,
  refundId: z
    .string()
    .min(1)
    .max(64)
    .regex(/^[A-Za-z0-9_-]+$/, 'Invalid refund id'),
});

export const downloadAllQuerySchema = z.object({ product_id: productId.optional() });

// file_id names a file for good; file_index (docs/product.md §7) is its place in the order's list.
export const downloadQuerySchema = z.object({
  file_index: z.coerce.number().int().min(0).max(1000).default(0),
  file_id: z
    .string()
    .min(1)
    .max(64)
    .regex(/^[a-z0-9]+$/i, 'Invalid file id')
    .optional(),
});

export const testPaymentBodySchema = z.object({ email: z.email().max(254).optional() }).default({});

// POST /api/checkout/session (docs/product.md §3 "Checkout session result").
export const checkoutSessionResponse = z.object({
  url: z.string(),
  session_id: z.string(),
  free_checkout: z.boolean(),
  is_member: z.boolean(),
});
export type CheckoutSessionResponse = z.infer<typeof checkoutSessionResponse>;

// GET /api/checkout/status/{sessionId} (docs/product.md §3 "Payment status result").
export const checkoutStatusResponse = z.object({
  payment_status: z.string(),
  status: z.string(),
  product_ids: z.array(z.string()),
  /** Once paid: what was bought and its files, for the download buttons. */
  items: z.array(
    z.object({
      product_id: z.string(),
      title: z.string(),
      is_bundle: z.boolean(),
      /** A bundle's "Credit for items you own" (Decision 094); 0 otherwise. */
      bundle_credit: dollars,
      files: z.array(z.object({ index: z.number().int().min(0), id: z.string(), filename: z.string() })),
      /** The licence the line issued (an upgrade: the licence it raised), once paid (Decision 082). */
      licence: z.object({ id: z.string(), tier: z.string(), name: z.string(), certificate_url: z.string() }).nullable(),
    }),
  ),
});
export type CheckoutStatusResponse = z.infer<typeof checkoutStatusResponse>;

// POST /api/checkout/test/{sessionId}/complete and /cancel: where the test payment page goes next.
export const testPaymentResponse = successResponse.extend({ redirect_url: z.string() });
