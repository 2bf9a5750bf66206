import 'server-only';
import type { NewsletterProgressResponse, NewsletterResponse } from '@/lib/contract/newsletters';
import type { AbandonedCheckoutSettings, RecoverableLine } from '@/lib/domain/abandoned-checkouts';
import { newsletterProgress, type NewsletterProgress } from '@/lib/domain/newsletters';
import type { Newsletter } from '@/lib/infra/db';
import { centsToDollars } from '@/lib/format';

export const toProgressResponse = (p: NewsletterProgress): NewsletterProgressResponse => ({
  total: p.total,
  queued: p.queued,
  sent: p.sent,
  failed: p.failed,
  skipped_unsubscribed: p.skippedUnsubscribed,
  unsubscribed_since: p.unsubscribedSince,
});

export async function toNewsletterResponse(row: Newsletter): Promise<NewsletterResponse> {
  return {
    id: row.id,
    subject: row.subject,
    markdown: row.markdown,
    featured_product_ids: row.featuredProductIds,
    segment: row.segment,
    status: row.status,
    created_by: row.createdBy,
    created_at: row.createdAt.toISOString(),
    updated_at: row.updatedAt.toISOString(),
    send_started_at: row.sendStartedAt?.toISOString() ?? null,
    sent_at: row.sentAt?.toISOString() ?? null,
    progress: toProgressResponse(await newsletterProgress(row.id)),
  };
}

export const toAbandonedCheckoutResponse = (s: AbandonedCheckoutSettings) => ({
  enabled: s.enabled,
  delay_hours: s.delayHours,
  discount_code_id: s.discountCodeId,
});

/** A restored line as the browser's cart stores it (lib/cart.ts). */
export const toCartItem = (line: RecoverableLine) => ({
  product_id: line.productId,
  title: line.title,
  price: centsToDollars(line.priceCents),
  image_path: line.imagePath,
  is_bundle: line.isBundle,
  ...(line.licence ? { licence: line.licence.key, licence_name: line.licence.name } : {}),
});
