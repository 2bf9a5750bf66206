// POST /api/admin/orders/refund — refund a whole order or chosen items (JSON session_id, optional product_ids); their downloads end
import { refundOrderRequest, refundOrderResponse } from '@/lib/contract/orders';
import { refundOrder } from '@/lib/domain/orders';
import { adminHandler } from '@/lib/http/admin';
import { jsonOf, parseBody } from '@/lib/http/handler';
import { centsToDollars, formatAud } from '@/lib/format';

export const POST = adminHandler('refunds', async (request, _context, admin) => {
  const input = await parseBody(request, refundOrderRequest);
  const refund = await refundOrder({ actor: admin.username, sessionId: input.session_id, productIds: input.product_ids });
  const count = refund.productIds.length;
  return jsonOf(refundOrderResponse, {
    success: true,
    message: `Refunded ${count} item${count === 1 ? '' : 's'} (${formatAud(refund.amountCents)})`,
    refund: {
      id: refund.id,
      amount: centsToDollars(refund.amountCents),
      voucher_returned: centsToDollars(refund.voucherReturnedCents),
      product_ids: refund.productIds,
      through_stripe: refund.throughStripe,
    },
  });
});
