// Every background job the shop runs, registered in one place.
import 'server-only';
import { sendOrderEmail } from '@/lib/domain/emails/order-email';
import { ORDER_EMAIL_JOB } from '@/lib/domain/orders/fulfilment';
import { registerJobHandler, startJobWorker } from './index';

export function startBackgroundWork(): void {
  registerJobHandler(ORDER_EMAIL_JOB, async (payload) => {
    const { orderId } = payload as { orderId: string };
    await sendOrderEmail(orderId);
  });
  startJobWorker();
}
