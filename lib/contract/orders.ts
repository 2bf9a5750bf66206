import { z } from 'zod';
import { dollars, isoDateTime, successResponse } from './common';
import { orderLicenceResponse } from './licences';

// Orders as the API shows them (docs/product.md §3): the customer's view with download
// paths, never storage keys (S5), and the back office's view with the email log.

// GET /api/orders/{userId}.
export const earlierFileVersionResponse = z.object({
  id: z.string(),
  filename: z.string(),
  version: z.number().int().min(1),
  created_at: isoDateTime,
  /** Its download path (by file id). */
  file_path: z.string(),
});
export type EarlierFileVersionResponse = z.infer<typeof earlierFileVersionResponse>;

export const customerOrderProductResponse = z.object({
  id: z.string(),
  title: z.string(),
  /** What the line cost, after any bundle credit. */
  price: dollars,
  /** A bundle's "Credit for items you own" (Decision 094), already taken off `price`; 0 otherwise. */
  bundle_credit: dollars,
  image_path: z.string().nullable(),
  is_bundle: z.boolean(),
  /** Refunded (or disputed): its downloads have ended and it lists no files. */
  refunded: z.boolean(),
  /** Its licence as it stands (an upgrade line: the licence it upgraded); null only for a line that sold none. */
  licence: orderLicenceResponse.nullable(),
  /** One per downloadable file: its download path, never a storage key. */
  file_paths: z.array(z.string()),
  original_filenames: z.array(z.string()),
  /**
   * `id` is stable (download links name it); `index` is the spec's file_index in this order's list.
   * A replaced file (Decision 68) keeps its index and gives its newest version: `updated_at` is when
   * that version replaced one this order had (else null), `earlier_versions` the ones it replaced, newest first.
   */
  files: z.array(
    z.object({
      index: z.number().int().min(0),
      id: z.string(),
      filename: z.string(),
      version: z.number().int().min(1),
      updated_at: isoDateTime.nullable(),
      earlier_versions: z.array(earlierFileVersionResponse),
    }),
  ),
});
export type CustomerOrderProductResponse = z.infer<typeof customerOrderProductResponse>;

export const customerOrderResponse = z.object({
  session_id: z.string(),
  created_at: isoDateTime,
  amount: dollars,
  currency: z.string(),
  item_count: z.number().int().min(0),
  products: z.array(customerOrderProductResponse),
  /** Money given back (refunds, a dispute lost), each with its adjustment note's PDF. */
  refunds: z.array(z.object({ id: z.string(), amount: dollars, refunded_at: isoDateTime, adjustment_note_url: z.string() })),
});
export type CustomerOrderResponse = z.infer<typeof customerOrderResponse>;

export const customerOrdersResponse = z.object({ orders: z.array(customerOrderResponse) });
export type CustomerOrdersResponse = z.infer<typeof customerOrdersResponse>;

// GET /api/admin/orders.
export const adminOrderProductResponse = z.object({
  id: z.string(),
  title: z.string(),
  price: dollars,
  /** Credit for items the customer owned, already taken off `price` (Decision 094). */
  bundle_credit: dollars,
  image_path: z.string().nullable(),
  file_paths: z.array(z.string()),
  original_filenames: z.array(z.string()),
  refunded_at: isoDateTime.nullable(),
});
export type AdminOrderProductResponse = z.infer<typeof adminOrderProductResponse>;

export const emailLogResponse = z.object({
  recipient_email: z.string(),
  sent_at: isoDateTime,
  sent_by: z.string(),
  status: z.string(),
  kind: z.string(),
});
export type EmailLogResponse = z.infer<typeof emailLogResponse>;

export const refundSource = z.enum(['admin', 'stripe_refund', 'dispute']);

/** What refunding a membership payment does to the membership: ends it now, or lets it run to the end of its paid period. */
export const membershipEnd = z.enum(['now', 'period_end']);

export const orderRefundResponse = z.object({
  id: z.string(),
  source: refundSource,
  /** pending: asked of Stripe, not confirmed yet; its items still download. */
  status: z.enum(['pending', 'succeeded']),
  /** Card money refunded (or disputed), in dollars. */
  amount: dollars,
  /** Gift-card balance given back. */
  voucher_returned: dollars,
  actor: z.string(),
  created_at: isoDateTime,
  /** A dispute's end (charge.dispute.closed): won gave its items back; null while open, and for refunds. */
  dispute_outcome: z.enum(['won', 'lost']).nullable(),
  resolved_at: isoDateTime.nullable(),
  /** The items it ended (for a dispute won: the items it suspended; while pending: the items it will end). */
  product_ids: z.array(z.string()),
  /** A membership payment's refund: what it did to the membership. */
  membership_end: membershipEnd.nullable(),
});
export type OrderRefundResponse = z.infer<typeof orderRefundResponse>;

export const downloadLogEntryResponse = z.object({
  downloaded_at: isoDateTime,
  product_id: z.string(),
  filename: z.string(),
  ip: z.string().nullable(),
});
export type DownloadLogEntryResponse = z.infer<typeof downloadLogEntryResponse>;

export const adminOrderResponse = z.object({
  id: z.string(),
  session_id: z.string(),
  created_at: isoDateTime,
  customer_email: z.string().nullable(),
  amount: dollars,
  currency: z.string(),
  /** Displayed as returned (docs/product.md §3): Stripe's paid | unpaid | no_payment_required. */
  payment_status: z.string(),
  status: z.string(),
  kind: z.enum(['payment', 'voucher', 'member', 'subscription', 'free']),
  products: z.array(adminOrderProductResponse),
  email_logs: z.array(emailLogResponse),
  refunds: z.array(orderRefundResponse),
  /** Every download of the order; `downloads` holds the newest (the CSV export has all). */
  download_count: z.number().int().min(0),
  downloads: z.array(downloadLogEntryResponse),
});
export type AdminOrderResponse = z.infer<typeof adminOrderResponse>;

export const adminOrdersResponse = z.object({ orders: z.array(adminOrderResponse) });
export type AdminOrdersResponse = z.infer<typeof adminOrdersResponse>;

// POST /api/admin/orders/resend-email.
export const resendEmailResponse = successResponse.extend({ message: z.string() });

// POST /api/admin/orders/refund.
export const refundOrderRequest = z.object({
  session_id: z.string().trim().min(1, 'Choose an order').max(200),
  /** Omitted: every item not yet refunded. Not for a membership payment, which is refunded whole. */
  product_ids: z.array(z.string().min(1).max(64)).min(1, 'Choose at least one item to refund').max(100, 'At most 100 products per refund').optional(),
  /**
   * Made once by the client for the refund it means (a random UUID): a retry with it (a lost
   * answer, a second click) answers with the same refund and never makes a second (Decision 075).
   * Optional, so clients of the original call keep working: without it a repeat is a new request,
   * refused (409) for items already refunded or waiting for Stripe. The back office always sends one.
   */
  idempotency_key: z
    .string()
    .min(8, 'An idempotency key has at least 8 characters')
    .max(100, 'Idempotency key too long')
    .regex(/^[A-Za-z0-9_-]+$/, 'An idempotency key holds letters, digits, - and _')
    .optional(),
  /** Membership payments only: end the membership now (the default) or let it run to the end of its paid period. */
  membership_end: membershipEnd.optional(),
});
export type RefundOrderRequest = z.infer<typeof refundOrderRequest>;

export const refundOrderResponse = successResponse.extend({
  message: z.string(),
  refund: z.object({
    id: z.string(),
    /** pending (answered 202): Stripe has not confirmed it yet; it settles by itself, and a retry with the same key is safe. */
    status: z.enum(['pending', 'succeeded']),
    amount: dollars,
    voucher_returned: dollars,
    product_ids: z.array(z.string()),
    /** Made through Stripe (false: test mode or a $0 order, recorded only). */
    through_stripe: z.boolean(),
    membership_end: membershipEnd.nullable(),
  }),
});
export type RefundOrderResponse = z.infer<typeof refundOrderResponse>;
