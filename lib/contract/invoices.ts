import { z } from 'zod';

// Business details shown on invoices (Settings → Business details). The ABN's
// check digits are a domain rule (lib/domain/business/abn.ts); here only its shape.
export const businessDetailsSchema = z.object({
  name: z.string().trim().max(200).default(''),
  abn: z
    .string()
    .trim()
    .max(20)
    .regex(/^(\d\s*){11}$|^$/, 'ABN must be 11 digits')
    .default(''),
  address: z.string().trim().max(500).default(''),
  email: z.union([z.literal(''), z.email('Invalid email').max(254)]).default(''),
  gst_registered: z.boolean().default(false),
});

export const businessDetailsResponse = z.object({
  name: z.string(),
  abn: z.string(),
  address: z.string(),
  email: z.string(),
  gst_registered: z.boolean(),
});
export type BusinessDetailsDto = z.infer<typeof businessDetailsResponse>;
