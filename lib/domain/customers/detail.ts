// One customer as the back office sees them: the account, the membership, and
// what they bought, own and were sent. Each list is the newest DETAIL_ROWS
// (with its full count), so a customer with years of orders opens as fast as a new one.
import 'server-only';
import { notFound } from '@/lib/domain/errors';
import { licencesForLines, type LicenceState } from '@/lib/domain/licences';
import { isActiveMembership } from '@/lib/domain/membership';
import { ownedProductIds } from '@/lib/domain/orders';
import { db, type OrderKind, type Voucher } from '@/lib/infra/db';

export const DETAIL_ROWS = 50;

export type CustomerOrderSummary = {
  sessionId: string;
  kind: OrderKind;
  createdAt: Date;
  amountCents: number;
  paymentStatus: string;
  status: string;
  refundedCents: number;
  titles: string[];
};

export type CustomerDetail = {
  id: string;
  email: string;
  name: string;
  createdAt: Date;
  emailVerified: boolean;
  blockedAt: Date | null;
  anonymisedAt: Date | null;
  activeSessions: number;
  membership: {
    isMember: boolean;
    status: string;
    planInterval: string;
    currentPeriodEnd: Date;
    cancelAtPeriodEnd: boolean;
    complimentary: boolean;
    throughStripe: boolean;
    endedAt: Date | null;
  } | null;
  orders: CustomerOrderSummary[];
  orderCount: number;
  ownedProducts: { id: string; title: string }[];
  licences: (Pick<LicenceState, 'id' | 'holderName' | 'issuedAt' | 'productTitle' | 'tierId' | 'status'> & { tierName: string })[];
  vouchers: Voucher[];
  /** Their reviews, hidden ones too (the back office sees what was moderated). */
  reviews: { id: string; productTitle: string; rating: number; title: string; createdAt: Date; hidden: boolean }[];
  /** Whether the account receives newsletters (Decision 095). */
  newsletterConsent: boolean;
  emails: { kind: string; recipientEmail: string; subject: string; sentBy: string; status: string; sentAt: Date }[];
};

export async function getCustomerOrThrow(id: string, now: Date = new Date()): Promise<CustomerDetail> {
  const user = await db().user.findUnique({ where: { id }, include: { membership: true } });
  if (!user) throw notFound('Customer not found');
  const [orders, orderCount, activeSessions, owned, licences, vouchers, emails, reviews, newsletter] = await Promise.all([
    db().order.findMany({
      where: { userId: id },
      orderBy: { createdAt: 'desc' },
      take: DETAIL_ROWS,
      select: {
        sessionId: true,
        kind: true,
        createdAt: true,
        amountCents: true,
        paymentStatus: true,
        status: true,
        items: { select: { title: true } },
        refunds: { where: { status: 'succeeded' }, select: { amountCents: true } },
      },
    }),
    db().order.count({ where: { userId: id } }),
    db().userSession.count({ where: { userId: id, revokedAt: null, expiresAt: { gt: now } } }),
    ownedProducts(id),
    customerLicences(id),
    // Every voucher issued to the address, disabled ones too: the back office sees what was sent.
    db().voucher.findMany({ where: { customerEmail: user.email }, orderBy: { createdAt: 'desc' }, take: DETAIL_ROWS }),
    db().emailLog.findMany({
      where: { OR: [{ recipientEmail: user.email }, { order: { userId: id } }] },
      orderBy: { sentAt: 'desc' },
      take: DETAIL_ROWS,
      select: { kind: true, recipientEmail: true, subject: true, sentBy: true, status: true, sentAt: true },
    }),
    db().review.findMany({
      where: { userId: id },
      orderBy: { createdAt: 'desc' },
      take: DETAIL_ROWS,
      select: { id: true, rating: true, title: true, createdAt: true, hiddenAt: true, product: { select: { title: true } } },
    }),
    db().emailPreference.findUnique({ where: { userId_category: { userId: id, category: 'newsletter' } }, select: { subscribed: true } }),
  ]);
  const m = user.membership;
  return {
    id: user.id,
    email: user.email,
    name: user.name,
    createdAt: user.createdAt,
    emailVerified: user.emailVerifiedAt !== null,
    blockedAt: user.blockedAt,
    anonymisedAt: user.anonymisedAt,
    activeSessions,
    membership: m && {
      isMember: isActiveMembership(m, now),
      status: m.status,
      planInterval: m.planInterval,
      currentPeriodEnd: m.currentPeriodEnd,
      cancelAtPeriodEnd: m.cancelAtPeriodEnd,
      complimentary: m.complimentary,
      throughStripe: m.stripeSubscriptionId !== null,
      endedAt: m.endedAt,
    },
    orders: orders.map((o) => ({
      sessionId: o.sessionId,
      kind: o.kind,
      createdAt: o.createdAt,
      amountCents: o.amountCents,
      paymentStatus: o.paymentStatus,
      status: o.status,
      refundedCents: o.refunds.reduce((sum, r) => sum + r.amountCents, 0),
      titles: o.items.map((i) => i.title),
    })),
    orderCount,
    ownedProducts: owned,
    licences,
    vouchers,
    reviews: reviews.map((r) => ({
      id: r.id,
      productTitle: r.product.title,
      rating: r.rating,
      title: r.title,
      createdAt: r.createdAt,
      hidden: r.hiddenAt !== null,
    })),
    newsletterConsent: newsletter?.subscribed === true,
    emails,
  };
}

async function ownedProducts(userId: string): Promise<{ id: string; title: string }[]> {
  const ids = await ownedProductIds(userId);
  return db().product.findMany({ where: { id: { in: ids } }, select: { id: true, title: true }, orderBy: { title: 'asc' }, take: DETAIL_ROWS });
}

async function customerLicences(userId: string): Promise<CustomerDetail['licences']> {
  const lines = await db().orderItem.findMany({
    where: { order: { userId }, OR: [{ licence: { isNot: null } }, { upgradeOfId: { not: null } }] },
    select: { id: true, upgradeOfId: true },
    take: DETAIL_ROWS * 4,
  });
  const states = [...new Map([...(await licencesForLines(lines)).values()].map((l) => [l.id, l])).values()].slice(0, DETAIL_ROWS);
  const tiers = await db().licenceTier.findMany({ where: { id: { in: states.map((s) => s.tierId) } }, select: { id: true, name: true } });
  const names = new Map(tiers.map((t) => [t.id, t.name]));
  return states.map((s) => ({
    id: s.id,
    holderName: s.holderName,
    issuedAt: s.issuedAt,
    productTitle: s.productTitle,
    tierId: s.tierId,
    tierName: names.get(s.tierId) ?? s.tierId,
    status: s.status,
  }));
}
