// Who a newsletter goes to (Decision 096): everyone who consented, or a part of
// them. The consent rules are the marketing module's (newsletterAudienceSql for
// accounts, newsletterAddressAudienceSql for guests' addresses, Decision 097),
// so every segment is a subset of those who consented and no segment can
// reach anyone who has not.
import 'server-only';
import { ACTIVE_STATUSES } from '@/lib/domain/membership';
import { newsletterAddressAudienceSql, newsletterAudienceSql } from '@/lib/domain/marketing';
import { PAID_STATUSES } from '@/lib/domain/reviews';
import { Prisma } from '@/lib/infra/db';

export type Segment = { kind: 'all' } | { kind: 'members' } | { kind: 'never_bought' } | { kind: 'category'; name: string };

export const SEGMENT_CATEGORY_PREFIX = 'category:';

/** `all`, `members`, `never_bought` or `category:<name>`; null for anything else. */
export function parseSegment(value: string): Segment | null {
  if (value === 'all' || value === 'members' || value === 'never_bought') return { kind: value };
  if (value.startsWith(SEGMENT_CATEGORY_PREFIX)) {
    const name = value.slice(SEGMENT_CATEGORY_PREFIX.length).trim();
    return name.length > 0 && name.length <= 100 ? { kind: 'category', name } : null;
  }
  return null;
}

export function segmentName(segment: Segment): string {
  return segment.kind === 'category' ? `${SEGMENT_CATEGORY_PREFIX}${segment.name}` : segment.kind;
}

/** A paid order of the customer in `u`, or of the guest address in `g` (their orders carry the address, not an account). */
const paidOrderOf = (owner: Prisma.Sql, extra: Prisma.Sql = Prisma.empty) =>
  Prisma.sql`SELECT 1 FROM "Order" o WHERE ${owner} AND o."fulfilledAt" IS NOT NULL AND o."paymentStatus" IN (${Prisma.join(PAID_STATUSES)}) ${extra}`;
const ORDER_OWNER = {
  account: Prisma.sql`o."userId" = u.id`,
  guest: Prisma.sql`o."userId" IS NULL AND o."customerEmail" = g.email`,
};

const inCategory = (name: string) =>
  Prisma.sql`AND EXISTS (SELECT 1 FROM "OrderItem" i JOIN "Product" p ON p.id = i."productId" JOIN "Category" c ON c.id = p."categoryId" WHERE i."orderId" = o.id AND i."refundedAt" IS NULL AND c.name = ${name})`;

function segmentCondition(segment: Segment, who: keyof typeof ORDER_OWNER, now: Date): Prisma.Sql {
  const orderOwner = ORDER_OWNER[who];
  switch (segment.kind) {
    case 'all':
      return Prisma.sql`TRUE`;
    case 'members':
      // Only an account can hold a membership.
      return who === 'guest'
        ? Prisma.sql`FALSE`
        : Prisma.sql`EXISTS (SELECT 1 FROM "Membership" m WHERE m."userId" = u.id AND m.status IN (${Prisma.join(ACTIVE_STATUSES)}) AND m."currentPeriodEnd" > ${now} AND m."endedAt" IS NULL)`;
    case 'never_bought':
      return Prisma.sql`NOT EXISTS (${paidOrderOf(orderOwner)})`;
    case 'category':
      return Prisma.sql`EXISTS (${paidOrderOf(orderOwner, inCategory(segment.name))})`;
  }
}

/**
 * The recipients of `segment` as (userId, email) rows: customers who consented
 * to the newsletter, with a real address (not anonymised, not blocked), and
 * the addresses without an account whose latest consent record gives it
 * (userId null). An address with an account follows the account's choice, so
 * nobody is picked twice.
 */
export function segmentRecipientsSql(segment: Segment, now: Date = new Date()): Prisma.Sql {
  return Prisma.sql`SELECT u.id AS "userId", u.email FROM "User" u
    WHERE u."anonymisedAt" IS NULL AND u."blockedAt" IS NULL
      AND ${newsletterAudienceSql(Prisma.sql`u.id`)}
      AND ${segmentCondition(segment, 'account', now)}
    UNION ALL
    SELECT NULL::text AS "userId", g.email
    FROM (SELECT DISTINCT c.email FROM "ConsentRecord" c WHERE c."userId" IS NULL AND c.category = 'newsletter'::"EmailCategory" AND c.given) g
    WHERE NOT EXISTS (SELECT 1 FROM "User" a WHERE a.email = g.email)
      AND ${newsletterAddressAudienceSql(Prisma.sql`g.email`)}
      AND ${segmentCondition(segment, 'guest', now)}`;
}
