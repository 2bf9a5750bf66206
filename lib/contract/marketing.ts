import { z } from 'zod';
import { CONSENT_WORDS } from '@/lib/shop';

// Marketing email preferences (Decision 087).
/** POST /api/email/unsubscribe: the link's token (query or form) and RFC 8058's one-click field. */
export const unsubscribeQuery = z.object({ token: z.string().min(1).max(300).optional() });
export const unsubscribeForm = z.object({ token: z.string().min(1).max(300).optional(), 'List-Unsubscribe': z.string().max(50).optional() });
export const unsubscribeResponse = z.object({ success: z.literal(true), category: z.string(), message: z.string() });

// Here for the server and tests; browser code imports it from lib/shop, which carries no zod.
export { CONSENT_WORDS };

// Consent (Decision 095). The box is unticked unless the customer ticks it: a
// missing field is no consent. Forms send the string "true" (or a checkbox's "on").
export const marketingConsent = z
  .union([z.boolean(), z.enum(['true', 'false', 'on'])])
  .optional()
  .transform((v) => v === true || v === 'true' || v === 'on');

/** GET/PUT /api/account/email-preferences: each category on or off. */
export const emailPreferencesResponse = z.object({ review_requests: z.boolean(), wishlist_alerts: z.boolean(), newsletter: z.boolean() });
export type EmailPreferencesResponse = z.infer<typeof emailPreferencesResponse>;
export const emailPreferencesUpdate = emailPreferencesResponse.partial().strict();
