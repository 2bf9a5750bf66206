// The back office's customer list: one page, newest account first, with the
// match count. Search is part of an email or a name (trigram indexes keep it
// fast); "bought" means a paid order in the range, as the orders list counts it.
import 'server-only';
import { activeMembershipWhere, isActiveMembership } from '@/lib/domain/membership';
import { keysetBatches, keysetPage } from '@/lib/domain/keyset';
import { db, escapeLike, Prisma } from '@/lib/infra/db';

export const PAID_ORDER = { fulfilledAt: { not: null }, paymentStatus: { in: ['paid', 'no_payment_required'] } } satisfies Prisma.OrderWhereInput;

export type CustomerFilter = {
  search?: string;
  /** true: active members only; false: everyone else. */
  member?: boolean;
  /** true: the account receives newsletters (it consented, Decision 095); false: it does not. */
  consent?: boolean;
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

/** The Customers tab's filter as a Prisma condition: the list and its CSV export match the same accounts. */
export function customerWhere(filter: Omit<CustomerFilter, 'limit' | 'offset'>, now: Date): Prisma.UserWhereInput {
  const and: Prisma.UserWhereInput[] = [];
  if (filter.search) {
    const contains = { contains: escapeLike(filter.search), mode: 'insensitive' as const };
    and.push({ OR: [{ email: contains }, { name: contains }] });
  }
  const active = { membership: { is: activeMembershipWhere(now) } };
  if (filter.member === true) and.push(active);
  if (filter.member === false) and.push({ NOT: active });
  const consented = { emailPreferences: { some: { category: 'newsletter' as const, subscribed: true } } };
  if (filter.consent === true) and.push(consented);
  if (filter.consent === false) and.push({ NOT: consented });
  if (filter.boughtFrom || filter.boughtTo) {
    and.push({ orders: { some: { ...PAID_ORDER, fulfilledAt: { not: null, gte: filter.boughtFrom, lt: filter.boughtTo } } } });
  }
  return { AND: and };
}

const CUSTOMER_SELECT = {
  id: true,
  email: true,
  name: true,
  createdAt: true,
  emailVerifiedAt: true,
  blockedAt: true,
  anonymisedAt: true,
  membership: { select: { status: true, currentPeriodEnd: true, endedAt: true, complimentary: true } },
} satisfies Prisma.UserSelect;

type SelectedUser = Prisma.UserGetPayload<{ select: typeof CUSTOMER_SELECT }>;

export async function listCustomers(filter: CustomerFilter, now: Date = new Date()): Promise<{ customers: CustomerRow[]; total: number }> {
  const where = customerWhere(filter, now);
  const [users, total] = await Promise.all([
    db().user.findMany({
      where,
      orderBy: [{ createdAt: 'desc' }, { id: 'desc' }],
      take: filter.limit,
      skip: filter.offset,
      select: CUSTOMER_SELECT,
    }),
    db().user.count({ where }),
  ]);
  return { total, customers: await customerRows(users, now) };
}

/** Rows for these accounts with their paid orders and spend: one grouped read, never one per row. */
export async function customerRows(users: SelectedUser[], now: Date): Promise<CustomerRow[]> {
  const totals = await db().order.groupBy({
    by: ['userId'],
    where: { userId: { in: users.map((u) => u.id) }, ...PAID_ORDER },
    _count: { _all: true },
    _sum: { amountCents: true },
  });
  const byUser = new Map(totals.map((t) => [t.userId, t]));
  return users.map((u) => {
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
  });
}

/** Every matching account, newest first, a batch at a time by keyset (the CSV export). */
export function customerBatches(filter: Omit<CustomerFilter, 'limit' | 'offset'>, now: Date = new Date()): AsyncGenerator<CustomerRow[]> {
  const where = customerWhere(filter, now);
  return keysetBatches(async (after, take) => {
    const users = await db().user.findMany({ ...keysetPage(where, after, 'desc', take), select: CUSTOMER_SELECT });
    return { keys: users, rows: await customerRows(users, now) };
  });
}
