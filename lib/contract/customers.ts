import { z } from 'zod';
import { dollars, isoDateTime, successResponse } from './common';
import { emailLogResponse, membershipEnd, refundOrderRequest } from './orders';
import { voucherResponse } from './vouchers';

// The back office's customers and members (/api/admin/customers): the paged
// list, one customer's record, and one request per action. Unknown fields are dropped.

const page = {
  limit: z.coerce.number().int().min(1).max(200).default(50),
  offset: z.coerce.number().int().min(0).max(10_000_000).default(0),
};

/** GET /api/admin/customers: part of an email or a name, members or not, newsletter consent or not, a paid order in a day range (shop's days, inclusive). */
export const adminCustomersQuerySchema = z
  .object({
    q: z.string().trim().max(100).optional(),
    member: z
      .enum(['true', 'false'], { message: "member must be 'true' or 'false'" })
      .transform((v) => v === 'true')
      .optional(),
    consent: z
      .enum(['true', 'false'], { message: "consent must be 'true' or 'false'" })
      .transform((v) => v === 'true')
      .optional(),
    bought_from: z.iso.date({ message: 'bought_from must be a date (YYYY-MM-DD)' }).optional(),
    bought_to: z.iso.date({ message: 'bought_to must be a date (YYYY-MM-DD)' }).optional(),
    ...page,
  })
  .refine((q) => !q.bought_from || !q.bought_to || q.bought_from <= q.bought_to, { message: 'bought_from must not be after bought_to', path: ['bought_to'] });
export type AdminCustomersQuery = z.input<typeof adminCustomersQuerySchema>;

export const customerIdParams = z.object({
  id: z
    .string()
    .min(1)
    .max(64)
    .regex(/^[a-z0-9]+$/i, 'Invalid id'),
});

export const adminCustomerResponse = z.object({
  id: z.string(),
  email: z.string(),
  name: z.string(),
  created_at: isoDateTime,
  email_verified: z.boolean(),
  blocked: z.boolean(),
  anonymised: z.boolean(),
  is_member: z.boolean(),
  /** An active membership granted in the back office without payment. */
  complimentary: z.boolean(),
  paid_orders: z.number().int().min(0),
  total_spent: dollars,
});
export type AdminCustomerResponse = z.infer<typeof adminCustomerResponse>;

export const adminCustomersResponse = z.object({ customers: z.array(adminCustomerResponse) });

export const customerMembershipResponse = z.object({
  is_member: z.boolean(),
  status: z.string(),
  plan_interval: z.enum(['month', 'year']),
  current_period_end: isoDateTime,
  cancel_at_period_end: z.boolean(),
  complimentary: z.boolean(),
  /** A Stripe subscription: cancelling goes through Stripe. */
  through_stripe: z.boolean(),
  ended_at: isoDateTime.nullable(),
});

export const customerOrderSummaryResponse = z.object({
  session_id: z.string(),
  kind: z.enum(['payment', 'voucher', 'member', 'subscription', 'free']),
  created_at: isoDateTime,
  amount: dollars,
  refunded: dollars,
  payment_status: z.string(),
  status: z.string(),
  titles: z.array(z.string()),
});

/** GET /api/admin/customers/{id}: each list is the newest 50; `order_count` counts them all. */
export const adminCustomerDetailResponse = z.object({
  id: z.string(),
  email: z.string(),
  name: z.string(),
  created_at: isoDateTime,
  email_verified: z.boolean(),
  blocked_at: isoDateTime.nullable(),
  anonymised_at: isoDateTime.nullable(),
  active_sessions: z.number().int().min(0),
  membership: customerMembershipResponse.nullable(),
  orders: z.array(customerOrderSummaryResponse),
  order_count: z.number().int().min(0),
  owned_products: z.array(z.object({ id: z.string(), title: z.string() })),
  licences: z.array(
    z.object({
      id: z.string(),
      product_title: z.string(),
      tier: z.string(),
      holder_name: z.string(),
      issued_at: isoDateTime,
      status: z.enum(['valid', 'revoked']),
    }),
  ),
  vouchers: z.array(voucherResponse),
  reviews: z.array(
    z.object({
      id: z.string(),
      product_title: z.string(),
      rating: z.number().int().min(1).max(5),
      title: z.string(),
      created_at: isoDateTime,
      hidden: z.boolean(),
    }),
  ),
  newsletter_consent: z.boolean(),
  email_log: z.array(emailLogResponse.extend({ kind: z.string(), subject: z.string() })),
});
export type AdminCustomerDetailResponse = z.infer<typeof adminCustomerDetailResponse>;

/** POST /api/admin/customers/{id}/complimentary-membership. */
export const complimentaryMembershipRequest = z.object({
  months: z.coerce.number({ message: 'months must be a number' }).int('months must be a whole number').min(1, 'At least 1 month').max(36, 'At most 36 months'),
});

/** POST /api/admin/customers/{id}/cancel-membership. */
export const cancelMembershipRequest = z.object({ when: membershipEnd });

/** POST /api/admin/customers/{id}/refund-membership-payment: the orders list's refund request, for one of this customer's membership payments; answered with its refundOrderResponse. */
export const refundMembershipPaymentRequest = refundOrderRequest.pick({ session_id: true, idempotency_key: true, membership_end: true });

/** Every action's answer; the record as it stands after it comes from GET /api/admin/customers/{id}. */
export const customerActionResponse = successResponse.extend({ message: z.string() });
export type CustomerActionResponse = z.infer<typeof customerActionResponse>;
