import { z } from 'zod';
import { dollars, isoDateTime, successResponse } from './common';

// Licences (Decisions 081, 082): tiers, per-item tier prices, the checkout's
// licence fields, verification and the back office's tier settings.

/** A tier's slug: lower-case letters, digits and inner hyphens (its terms page is /licences/{key}). */
export const tierKey = z
  .string()
  .trim()
  .min(1)
  .max(40)
  .regex(/^[a-z0-9](?:[a-z0-9-]*[a-z0-9])?$/, 'Use lower-case letters, digits and hyphens');

/** "LIC-" and 16 base32 characters; read case-insensitively, as people copy them by hand. */
export const licenceId = z
  .string()
  .trim()
  .max(40)
  .transform((s) => s.toUpperCase())
  .pipe(z.string().regex(/^LIC-[A-Z2-7]{16}$/, 'Invalid licence id'));

export const licenceParamsSchema = z.object({ licenceId });

/** PUT /api/products/{id}, /api/bundles/{id}: per tier key a price (dollars), null for the tier's rule, false for not sold. */
export const licencePricesSchema = z
  .record(tierKey, z.union([z.null(), z.literal(false), z.number().min(0).max(100_000)]))
  .refine((r) => Object.keys(r).length <= 50, 'At most 50 tiers');

/** The tiers an item sells with their prices; the first is its default tier (whose prices are the item's price and sale_price). */
export const itemLicenceResponse = z.object({ key: z.string(), name: z.string(), price: dollars, sale_price: dollars.nullable() });
export type ItemLicenceResponse = z.infer<typeof itemLicenceResponse>;

// GET /api/licences: the tiers on sale, in order.
export const licenceTierResponse = z.object({ key: z.string(), name: z.string(), summary: z.string(), terms_url: z.string() });
export type LicenceTierResponse = z.infer<typeof licenceTierResponse>;

export const licenceStatus = z.enum(['valid', 'revoked']);

// GET /api/licences/verify/{licenceId}: what anyone may know of a licence (the holder masked to initials).
export const licenceVerificationResponse = z.object({
  licence_id: z.string(),
  product_title: z.string(),
  /** The tier now (its key), and its name. */
  tier: z.string(),
  tier_name: z.string(),
  holder: z.string(),
  issued_at: isoDateTime,
  status: licenceStatus,
  revoked_at: isoDateTime.nullable(),
  terms_url: z.string(),
  terms_version: z.number().int().min(1),
  /** The issue and every upgrade still standing, oldest first. */
  history: z.array(z.object({ event: z.enum(['issued', 'upgraded']), tier: z.string(), tier_name: z.string(), at: isoDateTime })),
});
export type LicenceVerificationResponse = z.infer<typeof licenceVerificationResponse>;

/** GET /api/orders/{userId}: each line's licence (an upgrade line: the licence it upgraded). */
export const orderLicenceResponse = z.object({
  id: z.string(),
  tier: z.string(),
  name: z.string(),
  status: licenceStatus,
  certificate_url: z.string(),
  /** Tiers this licence can still be upgraded to, with what each costs now (empty when revoked). */
  upgrades: z.array(z.object({ key: z.string(), name: z.string(), price: dollars })),
});
export type OrderLicenceResponse = z.infer<typeof orderLicenceResponse>;

// ---- The back office: GET, POST, PUT /api/admin/licences, PUT /api/admin/licences/{key} ----

const tierName = z.string().trim().min(1, 'Name is required').max(60);
const summary = z.string().trim().max(600);
const terms = z.string().max(50_000);
/** The default price rule: a multiple of the item's price (2 = twice), kept to 4 decimals. */
const multiplier = z.number().min(0).max(100);

export const adminTierCreateSchema = z.object({
  key: tierKey,
  name: tierName,
  summary: summary.default(''),
  terms: terms.min(1, 'Terms are required'),
  price_multiplier: multiplier,
});
export const adminTierUpdateSchema = z
  .object({ name: tierName, summary, terms: terms.min(1, 'Terms are required'), price_multiplier: multiplier, retired: z.boolean() })
  .partial()
  .strip();
export const adminTierSettingsSchema = z.object({ order: z.array(tierKey).min(1).max(50).optional(), member_tier: tierKey.optional() });
export const tierParamsSchema = z.object({ key: tierKey });

export const adminTierResponse = z.object({
  key: z.string(),
  name: z.string(),
  summary: z.string(),
  terms: z.string(),
  terms_version: z.number().int().min(1),
  price_multiplier: z.number(),
  position: z.number().int(),
  retired: z.boolean(),
  terms_url: z.string(),
});
export type AdminTierResponse = z.infer<typeof adminTierResponse>;

export const adminTiersResponse = z.object({ tiers: z.array(adminTierResponse), member_tier: z.string() });
export type AdminTiersResponse = z.infer<typeof adminTiersResponse>;
export const adminTierWriteResponse = successResponse.extend({ tier: adminTierResponse });
