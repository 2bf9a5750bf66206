// Who a newsletter goes to (Decision 096): everyone who consented, or a part of
// them. The consent rule is the marketing module's (newsletterAudienceSql), so
// every segment is a subset of the consenting customers and no segment can
// reach a customer who has not consented.
import 'server-only';
import { ACTIVE_STATUSES } from '@/lib/domain/membership';
import { newsletterAudienceSql } from '@/lib/domain/marketing';
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

/** A paid order of the customer in `u`. */
const paidOrderOf = (extra: Prisma.Sql = Prisma.empty) =>
  Prisma.sql`SELECT 1 FROM "Order" o WHERE o."userId" = u.id AND o."fulfilledAt" IS NOT NULL AND o."paymentStatus" IN (${Prisma.join(PAID_STATUSES)}) ${extra}`;

function segmentCondition(segment: Segment, now: Date): Prisma.Sql {
  switch (segment.kind) {
    case 'all':
      return Prisma.sql`TRUE`;
    case 'members':
      return Prisma.sql`EXISTS (SELECT 1 FROM "Membership" m WHERE m."userId" = u.id AND m.status IN (${Prisma.join(ACTIVE_STATUSES)}) AND m."currentPeriodEnd" > ${now} AND m."endedAt" IS NULL)`;
    case 'never_bought':
      return Prisma.sql`NOT EXISTS (${paidOrderOf()})`;
    case 'category':
      return Prisma.sql`EXISTS (${paidOrderOf(Prisma.sql`AND EXISTS (SELECT 1 FROM "OrderItem" i JOIN "Product" p ON p.id = i."productId" JOIN "Category" c ON c.id = p."categoryId" WHERE i."orderId" = o.id AND i."refundedAt" IS NULL AND c.name = ${segment.name})`)})`;
  }
}

/**
 * The recipients of `segment` as (userId, email) rows: customers who consented
 * to the newsletter, with a real address (not anonymised, not blocked).
 */
export function segmentRecipientsSql(segment: Segment, now: Date = new Date()): Prisma.Sql {
  return Prisma.sql`SELECT u.id AS "userId", u.email FROM "User" u
    WHERE u."anonymisedAt" IS NULL AND u."blockedAt" IS NULL
      AND ${newsletterAudienceSql(Prisma.sql`u.id`)}
      AND ${segmentCondition(segment, now)}`;
}
