// The back office's customer list: one page, newest account first, with the
// match count. Search is part of an email or a name (trigram indexes keep it
// fast); "bought" means a paid order in the range, as the orders list counts it.
import 'server-only';
import { activeMembershipWhere, isActiveMembership } from '@/lib/domain/membership';
import { db, escapeLike, Prisma } from '@/lib/infra/db';

export const PAID_ORDER = { fulfilledAt: { not: null }, paymentStatus: { in: ['paid', 'no_payment_required'] } } satisfies Prisma.OrderWhereInput;

export type CustomerFilter = {
  search?: string;
  /** true: active members only; false: everyone else. */
  member?: boolean;
  /** A paid order at or after `boughtFrom` and before `boughtTo`. */
  boughtFrom?: Date;
  boughtTo?: Date;
  limit: number;
  offset: number;
};

export type CustomerRow = {
  id: string;
  email: string;
  name: string;
  createdAt: Date;
  emailVerified: boolean;
  blocked: boolean;
  anonymised: boolean;
  isMember: boolean;
  complimentary: boolean;
  paidOrders: number;
  spentCents: number;
};

function whereOf(filter: CustomerFilter, now: Date): Prisma.UserWhereInput {
  const and: Prisma.UserWhereInput[] = [];
  if (filter.search) {
    const contains = { contains: escapeLike(filter.search), mode: 'insensitive' as const };
    and.push({ OR: [{ email: contains }, { name: contains }] });
  }
  const active = { membership: { is: activeMembershipWhere(now) } };
  if (filter.member === true) and.push(active);
  if (filter.member === false) and.push({ NOT: active });
  if (filter.boughtFrom || filter.boughtTo) {
    and.push({ orders: { some: { ...PAID_ORDER, fulfilledAt: { not: null, gte: filter.boughtFrom, lt: filter.boughtTo } } } });
  }
  return { AND: and };
}

export async function listCustomers(filter: CustomerFilter, now: Date = new Date()): Promise<{ customers: CustomerRow[]; total: number }> {
  const where = whereOf(filter, now);
  const [users, total] = await Promise.all([
    db().user.findMany({
      where,
      orderBy: [{ createdAt: 'desc' }, { id: 'desc' }],
      take: filter.limit,
      skip: filter.offset,
      select: {
        id: true,
        email: true,
        name: true,
        createdAt: true,
        emailVerifiedAt: true,
        blockedAt: true,
        anonymisedAt: true,
        membership: { select: { status: true, currentPeriodEnd: true, endedAt: true, complimentary: true } },
      },
    }),
    db().user.count({ where }),
  ]);
  // Totals for this page's customers only: one grouped read, never one per row.
  const totals = await db().order.groupBy({
    by: ['userId'],
    where: { userId: { in: users.map((u) => u.id) }, ...PAID_ORDER },
    _count: { _all: true },
    _sum: { amountCents: true },
  });
  const byUser = new Map(totals.map((t) => [t.userId, t]));
  return {
    total,
    customers: users.map((u) => {
      const m = u.membership;
      const isMember = !!m && isActiveMembership(m, now);
      return {
        id: u.id,
        email: u.email,
        name: u.name,
        createdAt: u.createdAt,
        emailVerified: u.emailVerifiedAt !== null,
        blocked: u.blockedAt !== null,
        anonymised: u.anonymisedAt !== null,
        isMember,
        complimentary: isMember && m!.complimentary,
        paidOrders: byUser.get(u.id)?._count._all ?? 0,
        spentCents: byUser.get(u.id)?._sum.amountCents ?? 0,
      };
    }),
  };
}
