// Every background job the shop runs, registered in one place. A module of its
// own, above jobs and the modules whose work it runs, because orders and
// uploads queue jobs and so cannot be imported by the jobs module.
import 'server-only';
import { deleteExpiredRows, EXPIRED_ROWS_CRON, EXPIRED_ROWS_JOB } from '@/lib/domain/expired-rows';
import { sendDisputeOutcomeEmailOnce, sendOrderConfirmationOnce, sendRefundEmailOnce } from '@/lib/domain/emails';
import { FILE_UPDATE_EMAIL_JOB, sendFileUpdateEmail } from '@/lib/domain/file-updates';
import { applyMembershipProviderChange, MEMBERSHIP_PROVIDER_JOB, type ProviderChange } from '@/lib/domain/membership';
import { lapseOrder, ORDER_EMAIL_JOB, ORDER_LAPSE_JOB } from '@/lib/domain/orders';
import { REFUND_EMAIL_JOB, REFUND_SETTLE_JOB, settlePendingRefund } from '@/lib/domain/refunds';
import { sendStaffInvitation, STAFF_INVITE_JOB } from '@/lib/domain/staff';
import { processUploadFile, runStagingSweep, SWEEP_STAGING_CRON, SWEEP_STAGING_JOB, UPLOAD_JOB, UPLOAD_JOB_SECONDS } from '@/lib/domain/uploads';
import { JOB_CONCURRENCY, registerJobHandler, startJobWorker } from '@/lib/domain/jobs';
import { sendReviewRequest } from '@/lib/domain/review-requests';
import { REVIEW_REQUEST_JOB } from '@/lib/domain/reviews';
import { queueSaleAlerts, sendSaleAlert, WISHLIST_ALERT_JOB, WISHLIST_DIGEST_CRON, WISHLIST_DIGEST_JOB } from '@/lib/domain/wishlist';
import { countOrderInsights, ORDER_INSIGHTS_JOB } from '@/lib/domain/insights';
import { LIST_PRICES_CRON, LIST_PRICES_JOB, refreshListPrices } from '@/lib/domain/catalog';
import { NEWSLETTER_BATCH_JOB, NEWSLETTER_SWEEP_CRON, NEWSLETTER_SWEEP_JOB, sendNewsletterBatch, sweepSendingNewsletters } from '@/lib/domain/newsletters';
import { ABANDONED_CHECKOUT_CRON, ABANDONED_CHECKOUT_JOB, sendAbandonedCheckoutEmails } from '@/lib/domain/abandoned-checkouts';

export function registerJobHandlers(): void {
  registerJobHandler(ORDER_EMAIL_JOB, async (payload) => {
    const { orderId } = payload as { orderId: string };
    await sendOrderConfirmationOnce(orderId);
  });
  registerJobHandler(REFUND_EMAIL_JOB, async (payload) => {
    // With an outcome, the end of a dispute; without, the refund (or dispute) itself.
    const { refundId, outcome } = payload as { refundId: string; outcome?: string };
    await (outcome ? sendDisputeOutcomeEmailOnce(refundId) : sendRefundEmailOnce(refundId));
  });
  // A refund Stripe has not confirmed: asked again, the delay doubling each time, for most of a day (Decision 075).
  registerJobHandler(
    REFUND_SETTLE_JOB,
    async (payload) => {
      const { refundId } = payload as { refundId: string };
      await settlePendingRefund(refundId);
    },
    { retryLimit: 12, retryDelaySeconds: 15, expireInSeconds: 120 },
  );
  registerJobHandler(
    MEMBERSHIP_PROVIDER_JOB,
    async (payload) => {
      const { subscriptionId, change } = payload as { subscriptionId: string; change: ProviderChange };
      await applyMembershipProviderChange(subscriptionId, change);
    },
    { retryLimit: 8, retryDelaySeconds: 10 },
  );
  registerJobHandler(
    UPLOAD_JOB,
    async (payload) => {
      const { fileId } = payload as { fileId: string };
      await processUploadFile(fileId);
    },
    { concurrency: JOB_CONCURRENCY, expireInSeconds: UPLOAD_JOB_SECONDS, pollSeconds: 1 },
  );
  registerJobHandler(SWEEP_STAGING_JOB, () => runStagingSweep(), { cron: SWEEP_STAGING_CRON, retryLimit: 2, expireInSeconds: 15 * 60 });
  registerJobHandler(
    EXPIRED_ROWS_JOB,
    async () => {
      await deleteExpiredRows();
    },
    { cron: EXPIRED_ROWS_CRON, retryLimit: 2, expireInSeconds: 5 * 60 },
  );
  registerJobHandler(FILE_UPDATE_EMAIL_JOB, async (payload) => {
    const { emailId } = payload as { emailId: string };
    await sendFileUpdateEmail(emailId);
  });
  registerJobHandler(STAFF_INVITE_JOB, async (payload) => {
    const { staffId } = payload as { staffId: string };
    await sendStaffInvitation(staffId);
  });
  registerJobHandler(REVIEW_REQUEST_JOB, async (payload) => {
    const { orderId } = payload as { orderId: string };
    await sendReviewRequest(orderId);
  });
  registerJobHandler(
    WISHLIST_DIGEST_JOB,
    async () => {
      await queueSaleAlerts();
    },
    { cron: WISHLIST_DIGEST_CRON, retryLimit: 2, expireInSeconds: 5 * 60 },
  );
  registerJobHandler(WISHLIST_ALERT_JOB, async (payload) => {
    const { userId, day } = payload as { userId: string; day: string };
    await sendSaleAlert(userId, day);
  });
  registerJobHandler(ORDER_LAPSE_JOB, async (payload) => {
    const { orderId } = payload as { orderId: string };
    await lapseOrder(orderId);
  });
  registerJobHandler(ORDER_INSIGHTS_JOB, async (payload) => {
    const { orderId } = payload as { orderId: string };
    await countOrderInsights(orderId);
  });
  registerJobHandler(
    LIST_PRICES_JOB,
    async () => {
      await refreshListPrices();
    },
    { cron: LIST_PRICES_CRON, retryLimit: 1, expireInSeconds: 60 },
  );
  // A batch sends at most a minute's cap of emails; a lost one is rescued by the sweep, and claimed rows are never sent again.
  registerJobHandler(
    NEWSLETTER_BATCH_JOB,
    async (payload) => {
      const { newsletterId } = payload as { newsletterId: string };
      await sendNewsletterBatch(newsletterId);
    },
    { expireInSeconds: 5 * 60 },
  );
  registerJobHandler(
    NEWSLETTER_SWEEP_JOB,
    async () => {
      await sweepSendingNewsletters();
    },
    { cron: NEWSLETTER_SWEEP_CRON, retryLimit: 0, expireInSeconds: 60 },
  );
  registerJobHandler(
    ABANDONED_CHECKOUT_JOB,
    async () => {
      await sendAbandonedCheckoutEmails();
    },
    { cron: ABANDONED_CHECKOUT_CRON, retryLimit: 1, expireInSeconds: 5 * 60 },
  );
}

/** The in-process worker (instrumentation.ts); a failure to start is logged, and the web server keeps serving. */
export async function startBackgroundWork(): Promise<void> {
  registerJobHandlers();
  await startJobWorker().catch((error: unknown) => {
    console.error('[jobs] the background worker did not start:', error instanceof Error ? error.message : error);
  });
}
