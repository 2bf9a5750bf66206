import { z } from 'zod';
import { dollars, idListQuery, successResponse } from './common';
import { marketingConsent } from './marketing';

const email = z.email('Please enter a valid email address').max(254);
// Length rules beyond "present" live in the domain so they share one message.
const password = z.string().min(1, 'Password is required').max(200, 'Password must be at most 200 characters');

export const loginSchema = z.object({ email, password });
export const registerSchema = z.object({ email, password, name: z.string().trim().min(1, 'Name is required').max(100), marketing_consent: marketingConsent });
export const forgotPasswordSchema = z.object({ email });
export const resetPasswordSchema = z.object({ token: z.string().min(1, 'Invalid reset link').max(200), new_password: password });
export const verifyEmailSchema = z.object({ token: z.string().min(1).max(200) });
export const userIdParamsSchema = z.object({ userId: z.string().min(1).max(64) });

// The user record the browser keeps (docs/product.md §3 "User").
export const userResponse = z.object({ id: z.string(), email: z.string(), name: z.string(), is_member: z.boolean() });
export type UserResponse = z.infer<typeof userResponse>;

// POST /api/auth/user-login, /api/auth/user-register. The token is for API clients; the browser uses the cookie.
export const signInResponse = successResponse.extend({ user: userResponse, token: z.string() });
export type SignInResponse = z.infer<typeof signInResponse>;

// POST /api/auth/resend-verification.
export const resendVerificationResponse = successResponse.extend({ already_verified: z.literal(true).optional() });

/** GET /api/account/owned: the products the signed-in customer already owns (bundles expanded). */
export const ownedProductsResponse = z.object({ product_ids: z.array(z.string()) });
export type OwnedProductsResponse = z.infer<typeof ownedProductsResponse>;

/** Bundles asked about per bundle-credit request: a cart's worth. */
export const MAX_BUNDLE_CREDIT_IDS = 100;

// GET /api/account/bundle-credit?ids=a,b: the signed-in customer's price for each bundle (Decision 094).
export const bundleCreditQuerySchema = z.object({ ids: idListQuery(MAX_BUNDLE_CREDIT_IDS, 'Name the bundles: ids=a,b') });

const creditedPrice = z.object({ licence: z.string(), price: dollars, credit: dollars });

/**
 * Per bundle asked about (ids that are not bundles are left out): how many of its current items the
 * customer owns, of how many; the credit and price in its default tier, and in each tier it is sold in.
 */
export const bundleCreditResponse = z.object({
  bundles: z.array(
    z.object({
      id: z.string(),
      owned: z.number().int().min(0),
      total: z.number().int().min(0),
      credit: dollars,
      price: dollars,
      licences: z.array(creditedPrice),
    }),
  ),
});
export type BundleCreditResponse = z.infer<typeof bundleCreditResponse>;

/** GET and PUT /api/admin/settings/bundle-credit: the lowest share of a bundle's price a customer pays with credit (Decision 094). */
export const bundleCreditSettingsSchema = z.object({ floor_percent: z.coerce.number().int('A whole percentage').min(0).max(100) });
export type BundleCreditSettingsResponse = z.infer<typeof bundleCreditSettingsSchema>;
