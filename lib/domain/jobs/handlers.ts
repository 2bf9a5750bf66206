// Every background job the shop runs, registered in one place.
import 'server-only';
import { sendOrderConfirmationOnce } from '@/lib/domain/emails/order-email';
import { ORDER_EMAIL_JOB } from '@/lib/domain/orders/fulfilment';
import { lapseOrder, ORDER_LAPSE_JOB } from '@/lib/domain/orders/lapse';
import { processUploadFile, runStagingSweep, SWEEP_STAGING_JOB, UPLOAD_JOB } from '@/lib/domain/uploads';
import { registerJobHandler, startJobWorker } from './index';

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
