// Which reviews shoppers see, decided when they are read rather than stored:
// the owner has not hidden it, and the reviewer still holds a paid line of
// the item that is not refunded. A refund, or a dispute until it is won, sets
// the line's refundedAt (lib/domain/orders): the review disappears with no
// write here, and comes back if a dispute is won.
import 'server-only';
import { Prisma } from '@/lib/infra/db';

/** Orders that count as bought: paid, or a $0 checkout (member or voucher), and fulfilled. */
export const PAID_STATUSES = ['paid', 'no_payment_required'];

/** True when the review aliased `r` has a paid, unrefunded line of its item behind it. */
export const heldSql = Prisma.sql`EXISTS (
  SELECT 1 FROM "OrderItem" oi JOIN "Order" o ON o.id = oi."orderId"
  WHERE oi."productId" = r."productId" AND o."userId" = r."userId" AND oi."refundedAt" IS NULL
    AND o."fulfilledAt" IS NOT NULL AND o."paymentStatus" IN (${Prisma.join(PAID_STATUSES)}))`;

/** True when the review aliased `r` is shown to shoppers. */
export const shownSql = Prisma.sql`r."hiddenAt" IS NULL AND ${heldSql}`;
