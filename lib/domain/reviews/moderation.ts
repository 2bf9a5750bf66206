// The owner's Reviews tab: every review with why it shows or not, hide and
// unhide with a reason, and a public reply shown under the review. Each
// change is audited.
import 'server-only';
import { recordAudit } from '@/lib/domain/audit';
import { invalid, notFound } from '@/lib/domain/errors';
import { db, escapeLike, Prisma } from '@/lib/infra/db';
import { syncRatings } from './ratings';
import { heldSql } from './visibility';

export const REVIEW_STATUSES = ['all', 'shown', 'hidden', 'refunded'] as const;
export type ReviewStatusFilter = (typeof REVIEW_STATUSES)[number];

export type AdminReview = {
  id: string;
  productId: string;
  productTitle: string;
  customerName: string;
  customerEmail: string;
  rating: number;
  title: string;
  body: string;
  viaMembership: boolean;
  /** shown; hidden by the owner; refunded (the reviewer's line was refunded or is disputed). */
  status: 'shown' | 'hidden' | 'refunded';
  hiddenReason: string | null;
  reply: string | null;
  createdAt: Date;
  updatedAt: Date;
};

const STATUS_WHERE: Record<ReviewStatusFilter, Prisma.Sql> = {
  all: Prisma.sql`TRUE`,
  shown: Prisma.sql`r."hiddenAt" IS NULL AND ${heldSql}`,
  hidden: Prisma.sql`r."hiddenAt" IS NOT NULL`,
  refunded: Prisma.sql`r."hiddenAt" IS NULL AND NOT ${heldSql}`,
};

type Row = Omit<AdminReview, 'status'> & { hidden: boolean; held: boolean };

/** One page, newest first; `search` matches the product title or the customer's email. */
export async function listAdminReviews(filter: {
  status: ReviewStatusFilter;
  search?: string;
  limit: number;
  offset: number;
}): Promise<{ total: number; items: AdminReview[] }> {
  const term = filter.search?.trim();
  const where = term
    ? Prisma.sql`${STATUS_WHERE[filter.status]} AND (p.title ILIKE ${`%${escapeLike(term)}%`} OR u.email ILIKE ${`%${escapeLike(term)}%`})`
    : STATUS_WHERE[filter.status];
  const from = Prisma.sql`FROM "Review" r JOIN "Product" p ON p.id = r."productId" JOIN "User" u ON u.id = r."userId" WHERE ${where}`;
  const [rows, counted] = await Promise.all([
    db().$queryRaw<Row[]>`
      SELECT r.id, r."productId", p.title AS "productTitle", u.name AS "customerName", u.email AS "customerEmail", r.rating, r.title, r.body,
             r."viaMembership", r."hiddenAt" IS NOT NULL AS hidden, r."hiddenReason", r.reply, r."createdAt", r."updatedAt", ${heldSql} AS held
      ${from} ORDER BY r."createdAt" DESC, r.id LIMIT ${filter.limit} OFFSET ${filter.offset}`,
    db().$queryRaw<{ total: number }[]>`SELECT count(*)::int AS total ${from}`,
  ]);
  const items = rows.map(({ hidden, held, ...row }) => ({ ...row, status: hidden ? ('hidden' as const) : held ? ('shown' as const) : ('refunded' as const) }));
  return { total: counted[0]?.total ?? 0, items };
}

export type Moderation = { hidden?: boolean; reason?: string; reply?: string | null };

/** Hides (a reason is required) or shows a review again, and sets or removes the reply; returns its product's id. */
export async function moderateReview(actor: string, id: string, change: Moderation): Promise<{ productId: string }> {
  const reason = change.reason?.trim() || null;
  if (change.hidden === true && !reason) throw invalid('Give a reason for hiding the review', { reason: ['A reason is required'] });
  return db().$transaction(async (tx) => {
    const review = await tx.review.findUnique({ where: { id }, select: { productId: true, hiddenAt: true } });
    if (!review) throw notFound('Review not found');
    const data: Prisma.ReviewUpdateInput = {};
    if (change.hidden === true) Object.assign(data, { hiddenAt: review.hiddenAt ?? new Date(), hiddenReason: reason });
    if (change.hidden === false) Object.assign(data, { hiddenAt: null, hiddenReason: null });
    if (change.reply !== undefined) {
      const reply = change.reply?.trim() || null;
      Object.assign(data, { reply, repliedAt: reply ? new Date() : null });
    }
    await tx.review.update({ where: { id }, data });
    await syncRatings(tx, [review.productId]);
    const action = change.hidden === true ? 'review.hide' : change.hidden === false ? 'review.unhide' : 'review.reply';
    await recordAudit(tx, actor, action, id, { product_id: review.productId, reason, ...(change.reply !== undefined ? { reply: change.reply } : {}) });
    return { productId: review.productId };
  });
}
