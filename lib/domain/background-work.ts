// Every background job the shop runs, registered in one place. A module of its
// own, above jobs and the modules whose work it runs, because orders and
// uploads queue jobs and so cannot be imported by the jobs module.
import 'server-only';
import { sendOrderConfirmationOnce } from '@/lib/domain/emails';
import { lapseOrder, ORDER_EMAIL_JOB, ORDER_LAPSE_JOB } from '@/lib/domain/orders';
import { processUploadFile, runStagingSweep, SWEEP_STAGING_JOB, UPLOAD_JOB } from '@/lib/domain/uploads';
import { registerJobHandler, startJobWorker } from '@/lib/domain/jobs';

export function registerJobHandlers(): void {
  registerJobHandler(ORDER_EMAIL_JOB, async (payload) => {
    const { orderId } = payload as { orderId: string };
    await sendOrderConfirmationOnce(orderId);
  });
  registerJobHandler(UPLOAD_JOB, async (payload) => {
    const { fileId } = payload as { fileId: string };
    await processUploadFile(fileId);
  });
  registerJobHandler(SWEEP_STAGING_JOB, () => runStagingSweep());
  registerJobHandler(ORDER_LAPSE_JOB, async (payload) => {
    const { orderId } = payload as { orderId: string };
    await lapseOrder(orderId);
  });
}

export function startBackgroundWork(): void {
  registerJobHandlers();
  startJobWorker();
}
