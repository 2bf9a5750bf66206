import { z } from 'zod';
import { productSelectionSchema } from './admin-requests';
import { licencePricesSchema, tierKey } from './licences';

// Contracts of the admin endpoints (SPEC §7 Admin). Unknown fields are
// dropped, so a request can only ever change what is listed here.

const name = z.string().trim().min(1, 'Name is required').max(100);
const money = z.coerce.number().min(0).max(100_000);
const isoDate = z.coerce.date();
const id = z
  .string()
  .min(1)
  .max(64)
  .regex(/^[a-z0-9]+$/i, 'Invalid id');

export const adminLoginSchema = z.object({
  username: z.string().min(1, 'Username is required').max(100),
  password: z.string().min(1, 'Password is required').max(200),
});

export const idParams = z.object({ id });

export const categorySchema = z.object({ name, subcategories: z.array(z.string().trim().max(100)).max(100).default([]) });
export const subcategoryFormSchema = z.object({ subcategory_name: z.string().trim().min(1, 'Subcategory name is required').max(100) });
export const subcategoryParams = z.object({ id, name: z.string().min(1).max(100) });
export const tagSchema = z.object({ name: z.string().trim().min(1, 'Tag name is required').max(50) });
export const bannerSchema = z.object({ message: z.string().trim().min(1, 'Banner message is required').max(1000) });

// null and '' clear a value; they are tried first because coercion would turn them into 0 or 1970.
const nullableMoney = z.union([z.null(), z.literal('').transform(() => null), money]);
const nullableDate = z.union([z.null(), z.literal('').transform(() => null), isoDate]);

// PUT /products/{id}: the bulk form sends only `category`; the edit dialog sends the rest.
export const productEditSchema = z
  .object({
    title: z.string().trim().min(1, 'Title is required').max(200).optional(),
    price: money.optional(),
    sale_price: nullableMoney.optional(),
    description: z.string().max(5000).optional(),
    category: z.string().trim().max(100).nullable().optional(),
    subcategory: z.string().trim().max(100).nullable().optional(),
    tags: z
      .union([
        z.array(z.string().max(50)).max(30),
        z
          .string()
          .max(1000)
          .transform((s) => s.split(',')),
      ])
      .optional(),
    on_sale: z.union([z.boolean(), z.enum(['true', 'false']).transform((v) => v === 'true')]).optional(),
    sale_start: nullableDate.optional(),
    sale_end: nullableDate.optional(),
    // Bundles only: the contained products, in order (replaces the contents).
    product_ids: z.array(id).max(500).optional(),
    // Per licence tier key: a price of its own, null for the tier's rule, false for not sold (Decision 081).
    licence_prices: licencePricesSchema.optional(),
  })
  .strip();

export const fileQuerySchema = z.object({ file_path: z.string().min(1).max(500) });
// POST /products/{id}/files?licence_tier=: the files are extras of that licence tier (Decision 081).
export const addFilesQuerySchema = z.object({ licence_tier: tierKey.optional() });

export const voucherCreateSchema = z.object({
  customer_email: z.email('Please fill in all required fields').max(254),
  type: z.enum(['percentage', 'fixed_amount']),
  value: z.coerce.number({ message: 'Please fill in all required fields' }).positive('Value must be above 0'),
  usage_type: z.enum(['reusable', 'one_time']).default('one_time'),
  notes: z.string().max(1000).optional(),
});

export const resendEmailSchema = z.object({
  session_id: z.string().min(1, 'Choose an order').max(200),
  email: z.email('Enter an email address').max(254),
  // Accepted for the spec's client, never trusted: the logged sender is the session admin (S8).
  admin_username: z.string().max(100).optional(),
});

export const bulkSaleSchema = z.object({
  target_type: z.enum(['store', 'category', 'products']),
  sale_price_type: z.enum(['percentage', 'fixed']),
  sale_value: z.coerce.number(),
  sale_start: isoDate,
  sale_end: isoDate,
  category: z.string().trim().max(100).optional(),
  product_ids: z.array(id).max(10_000).optional(),
  all_matching: productSelectionSchema.optional(),
});

export const endSaleSchema = z.union([z.array(id), z.object({ product_ids: z.array(id) })]).transform((v) => (Array.isArray(v) ? v : v.product_ids));

// POST /api/auth/login (admin sign-in).
export const adminLoginResponse = z.object({ success: z.literal(true), token: z.string(), username: z.string(), expires_at: z.iso.datetime({ offset: true }) });
// GET /api/admin/session.
export const adminSessionResponse = z.object({ username: z.string() });
// GET /api/health.
export const healthResponse = z.object({ status: z.literal('ok') });
