import 'server-only';
import type { AdminCustomerDetailResponse, AdminCustomerResponse } from '@/lib/contract/customers';
import type { CustomerDetail, CustomerRow } from '@/lib/domain/customers';
import { centsToDollars } from '@/lib/format';
import { isoOrNull } from './dates';
import { toVoucherResponse } from './vouchers';

export function toAdminCustomerResponse(c: CustomerRow): AdminCustomerResponse {
  return {
    id: c.id,
    email: c.email,
    name: c.name,
    created_at: c.createdAt.toISOString(),
    email_verified: c.emailVerified,
    blocked: c.blocked,
    anonymised: c.anonymised,
    is_member: c.isMember,
    complimentary: c.complimentary,
    paid_orders: c.paidOrders,
    total_spent: centsToDollars(c.spentCents),
  };
}

export function toAdminCustomerDetailResponse(c: CustomerDetail): AdminCustomerDetailResponse {
  const m = c.membership;
  return {
    id: c.id,
    email: c.email,
    name: c.name,
    created_at: c.createdAt.toISOString(),
    email_verified: c.emailVerified,
    blocked_at: isoOrNull(c.blockedAt),
    anonymised_at: isoOrNull(c.anonymisedAt),
    active_sessions: c.activeSessions,
    membership: m && {
      is_member: m.isMember,
      status: m.status,
      plan_interval: m.planInterval === 'year' ? 'year' : 'month',
      current_period_end: m.currentPeriodEnd.toISOString(),
      cancel_at_period_end: m.cancelAtPeriodEnd,
      complimentary: m.complimentary,
      through_stripe: m.throughStripe,
      ended_at: isoOrNull(m.endedAt),
    },
    orders: c.orders.map((o) => ({
      session_id: o.sessionId,
      kind: o.kind,
      created_at: o.createdAt.toISOString(),
      amount: centsToDollars(o.amountCents),
      refunded: centsToDollars(o.refundedCents),
      payment_status: o.paymentStatus,
      status: o.status,
      titles: o.titles,
    })),
    order_count: c.orderCount,
    owned_products: c.ownedProducts,
    licences: c.licences.map((l) => ({
      id: l.id,
      product_title: l.productTitle,
      tier: l.tierName,
      holder_name: l.holderName,
      issued_at: l.issuedAt.toISOString(),
      status: l.status,
    })),
    vouchers: c.vouchers.map(toVoucherResponse),
    reviews: c.reviews.map((r) => ({
      id: r.id,
      product_title: r.productTitle,
      rating: r.rating,
      title: r.title,
      created_at: r.createdAt.toISOString(),
      hidden: r.hidden,
    })),
    newsletter_consent: c.newsletterConsent,
    email_log: c.emails.map((e) => ({
      kind: e.kind,
      subject: e.subject,
      recipient_email: e.recipientEmail,
      sent_by: e.sentBy,
      status: e.status,
      sent_at: e.sentAt.toISOString(),
    })),
  };
}
