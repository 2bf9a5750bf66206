// "Email buyers about this update" (Decision 68): one email per buyer of a
// product (and of bundles holding it) about its file's newest version, each a
// durable job. At most once per version: the notice is unique per version, and
// each buyer's row records the send so a job that runs again sends nothing.
import 'server-only';
import { recordAudit } from '@/lib/domain/audit';
import { AppError, notFound } from '@/lib/domain/errors';
import { enqueue, kickJobs } from '@/lib/domain/jobs';
import { listProductBuyers } from '@/lib/domain/orders';
import { db } from '@/lib/infra/db';
import { retryWhileUnavailable } from '@/lib/infra/db/unavailable';
import { sendEmail } from '@/lib/infra/email';
import { env } from '@/lib/env';
import { formatDate } from '@/lib/format';
import { getShopName } from '@/lib/domain/shop-identity';

export const FILE_UPDATE_EMAIL_JOB = 'file-update-email';

const isUniqueViolation = (error: unknown) => (error as { code?: string }).code === 'P2002';

/** Queues the update emails for `fileId` (the newest version of one of the product's files); how many were queued. */
export async function emailBuyersAboutUpdate(actor: string, productId: string, fileId: string): Promise<{ queued: number }> {
  const file = await db().productFile.findFirst({
    where: { id: fileId, productId, product: { deletedAt: null } },
    select: { id: true, version: true, removedAt: true, supersededAt: true, originalFilename: true },
  });
  if (!file) throw notFound('File not found');
  if (file.removedAt || file.supersededAt) throw new AppError('conflict', 'Only the newest version of a current file can be announced');
  if (file.version === 1) throw new AppError('conflict', 'This file has not been updated yet');
  const buyers = await listProductBuyers(productId);
  try {
    await db().$transaction(async (tx) => {
      const notice = await tx.fileUpdateNotice.create({ data: { productId, fileId, actor, recipients: buyers.length } });
      await tx.fileUpdateEmail.createMany({ data: buyers.map((b) => ({ noticeId: notice.id, recipientEmail: b.email, orderId: b.orderId })) });
      const rows = await tx.fileUpdateEmail.findMany({ where: { noticeId: notice.id }, select: { id: true } });
      for (const row of rows) await enqueue(tx, FILE_UPDATE_EMAIL_JOB, { emailId: row.id }, { key: row.id });
      await recordAudit(tx, actor, 'product.files.notify', productId, {
        file_id: fileId,
        version: file.version,
        file: file.originalFilename,
        recipients: buyers.length,
      });
    });
  } catch (error) {
    // A second press, or two at once: the first notice stands and nothing more is queued.
    if (isUniqueViolation(error)) throw new AppError('conflict', 'Buyers were already emailed about this version');
    throw error;
  }
  if (buyers.length > 0) kickJobs();
  return { queued: buyers.length };
}

/** The job: sends one buyer's email unless it was already sent (a worker that died after sending). */
export async function sendFileUpdateEmail(emailId: string): Promise<void> {
  const shopName = await getShopName();
  const row = await db().fileUpdateEmail.findUnique({
    where: { id: emailId },
    include: { notice: { include: { file: { select: { originalFilename: true, createdAt: true, product: { select: { title: true } } } } } } },
  });
  if (!row || row.sentAt) return;
  const order = await db().order.findUnique({ where: { id: row.orderId }, select: { id: true, sessionId: true } });
  const site = env().SITE_URL.replace(/\/+$/, '');
  const { file } = row.notice;
  const successUrl = order ? `${site}/success?session_id=${encodeURIComponent(order.sessionId)}` : null;
  const subject = `Updated file: ${file.product.title}`;
  const text = [
    `A file you bought from ${shopName} has been updated.`,
    '',
    `${file.product.title}: ${file.originalFilename} (updated ${formatDate(file.createdAt)})`,
    '',
    ...(successUrl ? [`Download the new version: ${successUrl}`] : []),
    `All your orders: ${site}/my-orders`,
    '',
    'Your earlier version stays available in My Orders.',
  ].join('\n');
  await sendEmail({ fromName: shopName, to: row.recipientEmail, subject, text });
  // Sent: the row must say so even if Postgres is away right now, or the job would send it again.
  await retryWhileUnavailable(() =>
    db().$transaction([
      db().fileUpdateEmail.update({ where: { id: row.id }, data: { sentAt: new Date() } }),
      db().emailLog.create({
        data: { orderId: order?.id ?? null, kind: 'file_update', recipientEmail: row.recipientEmail, subject, sentBy: row.notice.actor },
      }),
    ]),
  );
}
