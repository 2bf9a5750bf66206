import 'server-only';
import type { UserResponse } from '@/lib/contract/accounts';
import type { MembershipPaymentsResponse, MembershipStatusResponse, PromoCodeResponse, SubscriptionStatusResponse } from '@/lib/contract/membership';
import type { UserRecord } from '@/lib/domain/accounts';
import type { PromoCode } from '@/lib/domain/discounts';
import type { MembershipStatus } from '@/lib/domain/membership';
import type { MembershipPayment, SubscriptionCheckoutStatus } from '@/lib/domain/orders';
import { centsToDollars } from '@/lib/format';
import { isoOrNull } from './dates';

export function toMembershipStatusResponse(m: MembershipStatus): MembershipStatusResponse {
  return {
    is_member: m.isMember,
    plan_interval: m.planInterval,
    current_period_end: isoOrNull(m.currentPeriodEnd),
    cancel_at_period_end: m.cancelAtPeriodEnd,
    status: m.status,
  };
}

export const toSubscriptionStatusResponse = (s: SubscriptionCheckoutStatus): SubscriptionStatusResponse => ({
  status: s.status,
  current_period_end: isoOrNull(s.currentPeriodEnd),
});

export const toMembershipPaymentsResponse = (payments: MembershipPayment[]): MembershipPaymentsResponse => ({
  payments: payments.map((p) => ({
    session_id: p.sessionId,
    plan_interval: p.planInterval,
    amount: centsToDollars(p.amountCents),
    paid_at: p.paidAt.toISOString(),
    invoice_url: `/api/orders/invoice/${encodeURIComponent(p.sessionId)}`,
  })),
});

export const toPromoCodeResponse = (c: PromoCode): PromoCodeResponse => ({
  code: c.code,
  description: c.description,
  percent_off: c.percentOff,
  active: c.active,
  expires_at: isoOrNull(c.expiresAt),
  created_at: c.createdAt.toISOString(),
});

/** The user record the browser keeps (docs/product.md §3 "User"). */
export const toUserResponse = (u: UserRecord): UserResponse => ({ id: u.id, email: u.email, name: u.name, is_member: u.isMember });
