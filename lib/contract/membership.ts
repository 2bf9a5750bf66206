import { z } from 'zod';
import { dollars, isoDateTime, successResponse } from './common';

export const subscribeSchema = z.object({
  user_id: z.string().max(64).optional(),
  plan_interval: z.enum(['month', 'year'], { message: 'plan_interval must be month or year' }),
  test_code: z
    .string()
    .trim()
    .max(40)
    .regex(/^[A-Za-z0-9-]*$/, 'Invalid promo code')
    .optional(),
});

export const cancelQuerySchema = z.object({
  cancel_at_period_end: z.enum(['true', 'false']).default('true'),
});

// GET /api/membership/status/{userId} (docs/product.md §3 "Membership status"); cancel answers it with `success`.
export const membershipStatusResponse = z.object({
  is_member: z.boolean(),
  plan_interval: z.enum(['month', 'year']).nullable(),
  current_period_end: isoDateTime.nullable(),
  cancel_at_period_end: z.boolean(),
  status: z.string().nullable(),
});
export type MembershipStatusResponse = z.infer<typeof membershipStatusResponse>;

export const membershipCancelResponse = successResponse.extend(membershipStatusResponse.shape);

// GET /api/membership/payments/{userId}: the member's paid periods, newest first, each with its invoice.
export const membershipPaymentsResponse = z.object({
  payments: z.array(
    z.object({
      session_id: z.string(),
      plan_interval: z.enum(['month', 'year']).nullable(),
      amount: dollars,
      paid_at: isoDateTime,
      invoice_url: z.string(),
    }),
  ),
});
export type MembershipPaymentsResponse = z.infer<typeof membershipPaymentsResponse>;

// POST /api/membership/subscribe: where to pay.
export const subscribeResponse = z.object({ url: z.string(), session_id: z.string() });

// GET /api/membership/subscription-status/{sessionId}.
export const subscriptionStatusResponse = z.object({
  status: z.enum(['paid', 'pending', 'expired']),
  current_period_end: isoDateTime.nullable(),
});
export type SubscriptionStatusResponse = z.infer<typeof subscriptionStatusResponse>;

// GET /api/admin/promo-codes; POST answers the stored (upper-case) code.
export const promoCodeResponse = z.object({
  code: z.string(),
  description: z.string(),
  percent_off: z.number().int().min(1).max(100),
  active: z.boolean(),
  expires_at: isoDateTime.nullable(),
  created_at: isoDateTime,
});
export type PromoCodeResponse = z.infer<typeof promoCodeResponse>;

export const promoCodeCreateSchema = z.object({
  code: z.string().trim().min(3, 'Code is required').max(40),
  percent_off: z.coerce.number().int('Percent off must be a whole number').min(1).max(100),
  description: z.string().max(200).optional(),
  expires_at: z.union([z.literal('').transform(() => null), z.coerce.date()]).optional(),
});

export const promoCodeCreateResponse = successResponse.extend({ code: z.string() });
