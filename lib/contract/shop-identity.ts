import { z } from 'zod';
import { SHOP_PAGE_SLUGS } from '@/lib/shop-pages';
import { isoDateTime } from './common';

// Settings → Shop and Settings → Pages (Decision 093). Bounded so one save
// stays a small body; the Markdown's safety is the renderer's job, not this shape's.

/** A social handle as people type it: an optional @, then letters, digits, dots and underscores. */
const socialHandle = z
  .string()
  .trim()
  .max(30)
  .transform((s) => s.replace(/^@/, ''))
  .pipe(z.string().regex(/^[A-Za-z0-9._]*$/, 'Letters, digits, dots and underscores only'));

export const shopIdentitySchema = z.object({
  name: z.string().trim().min(1, 'Name is required').max(80),
  hero_headline: z.string().trim().min(1, 'Headline is required').max(120),
  hero_text: z.string().trim().max(300).default(''),
  social_handle: socialHandle.default(''),
  contact_email: z.union([z.literal(''), z.email('Invalid email').max(254)]).default(''),
  footer_line: z.string().trim().max(200).default(''),
});
export type ShopIdentityInput = z.infer<typeof shopIdentitySchema>;

export const shopIdentityResponse = z.object({
  name: z.string(),
  logo_url: z.string().nullable(),
  hero_image_url: z.string().nullable(),
  hero_headline: z.string(),
  hero_text: z.string(),
  social_handle: z.string(),
  contact_email: z.string(),
  footer_line: z.string(),
});
export type ShopIdentityDto = z.infer<typeof shopIdentityResponse>;

/** Which of the shop's two pictures an upload replaces. */
export const shopImageParams = z.object({ kind: z.enum(['logo', 'hero']) });

export const shopPageParams = z.object({ slug: z.enum(SHOP_PAGE_SLUGS) });

export const MAX_PAGE_MARKDOWN = 20_000;

export const shopPageSchema = z.object({
  markdown: z
    .string()
    .max(MAX_PAGE_MARKDOWN)
    .refine((s) => s.trim().length > 0, 'The page needs some text'),
});

export const shopPageResponse = z.object({
  slug: z.enum(SHOP_PAGE_SLUGS),
  title: z.string(),
  path: z.string(),
  markdown: z.string(),
  /** False while the page shows its built-in text (never saved). */
  customised: z.boolean(),
  updated_at: isoDateTime.nullable(),
});
export type ShopPageDto = z.infer<typeof shopPageResponse>;
