import { z } from 'zod';
import { dollars, isoDateTime, pathId } from './common';

// Newsletters and abandoned checkout recovery (Decision 096): the Email tab's
// routes under /api/admin/newsletters and /api/admin/settings/abandoned-checkout,
// and the public cart restore link's GET /api/cart/restore.

export const NEWSLETTER_SUBJECT_MAX = 150;
export const NEWSLETTER_MARKDOWN_MAX = 20_000;
export const NEWSLETTER_FEATURED_MAX = 6;

export const newsletterParams = z.object({ id: pathId });

/** POST /api/admin/newsletters, PUT /api/admin/newsletters/{id}: a draft. */
export const newsletterInputSchema = z.object({
  subject: z.string().trim().min(1, 'A subject is required').max(NEWSLETTER_SUBJECT_MAX, `At most ${NEWSLETTER_SUBJECT_MAX} characters`),
  markdown: z.string().trim().min(1, 'Write the newsletter').max(NEWSLETTER_MARKDOWN_MAX, `At most ${NEWSLETTER_MARKDOWN_MAX} characters`),
  featured_product_ids: z
    .array(pathId)
    .max(NEWSLETTER_FEATURED_MAX, `At most ${NEWSLETTER_FEATURED_MAX} products`)
    .refine((ids) => new Set(ids).size === ids.length, 'Each product once')
    .default([]),
});
export type NewsletterInputBody = z.input<typeof newsletterInputSchema>;

/** `all` | `members` | `never_bought` | `category:<name>`. */
export const newsletterSegment = z
  .string()
  .max(120)
  .regex(/^(all|members|never_bought|category:.+)$/, 'Choose everyone who consented, members, buyers of a category or customers who never bought');

/** POST /api/admin/newsletters/{id}/send. */
export const newsletterSendSchema = z.object({ segment: newsletterSegment });

export const newsletterProgressResponse = z.object({
  total: z.number().int().min(0),
  queued: z.number().int().min(0),
  sent: z.number().int().min(0),
  failed: z.number().int().min(0),
  skipped_unsubscribed: z.number().int().min(0),
  unsubscribed_since: z.number().int().min(0),
});
export type NewsletterProgressResponse = z.infer<typeof newsletterProgressResponse>;

export const newsletterResponse = z.object({
  id: z.string(),
  subject: z.string(),
  markdown: z.string(),
  featured_product_ids: z.array(z.string()),
  segment: z.string().nullable(),
  status: z.enum(['draft', 'sending', 'sent']),
  created_by: z.string(),
  created_at: isoDateTime,
  updated_at: isoDateTime,
  send_started_at: isoDateTime.nullable(),
  sent_at: isoDateTime.nullable(),
  progress: newsletterProgressResponse,
});
export type NewsletterResponse = z.infer<typeof newsletterResponse>;

export const newsletterListResponse = z.object({ newsletters: z.array(newsletterResponse) });

/** GET /api/admin/newsletters/{id}/preview: the email's HTML part (sanitised) and its text part. */
export const newsletterPreviewResponse = z.object({ subject: z.string(), html: z.string(), text: z.string() });
export type NewsletterPreviewResponse = z.infer<typeof newsletterPreviewResponse>;

/** POST /api/admin/newsletters/{id}/test. */
export const newsletterTestResponse = z.object({ success: z.literal(true), sent_to: z.string() });

/** GET/PUT /api/admin/settings/abandoned-checkout. */
export const abandonedCheckoutSettingsSchema = z.object({
  enabled: z.boolean(),
  delay_hours: z.coerce.number().int('Use whole hours').min(1, 'At least 1 hour').max(72, 'At most 72 hours'),
  discount_code_id: pathId.nullable(),
});
export type AbandonedCheckoutSettingsBody = z.infer<typeof abandonedCheckoutSettingsSchema>;

/** GET /api/cart/restore?token=…: the abandoned cart's items, as the browser's cart stores them. */
export const cartRestoreQuery = z.object({ token: z.string().min(1).max(300) });
export const cartRestoreResponse = z.object({
  items: z.array(
    z.object({
      product_id: z.string(),
      title: z.string(),
      price: dollars,
      image_path: z.string().nullable(),
      is_bundle: z.boolean(),
      licence: z.string().optional(),
      licence_name: z.string().optional(),
    }),
  ),
});
export type CartRestoreResponse = z.infer<typeof cartRestoreResponse>;
