import 'server-only';
import type { CheckoutSessionResponse, CheckoutStatusResponse } from '@/lib/contract/checkout';
import type { CheckoutResult } from '@/lib/domain/checkout';
import type { CheckoutStatus } from '@/lib/domain/orders';
import { centsToDollars } from '@/lib/format';
import { certificatePath } from '@/lib/shop';

export const toCheckoutSessionResponse = (c: CheckoutResult): CheckoutSessionResponse => ({
  url: c.url,
  session_id: c.sessionId,
  free_checkout: c.freeCheckout,
  is_member: c.isMember,
});

export function toCheckoutStatusResponse(s: CheckoutStatus): CheckoutStatusResponse {
  return {
    payment_status: s.paymentStatus,
    status: s.status,
    product_ids: s.productIds,
    items: s.items.map((i) => ({
      product_id: i.productId,
      title: i.title,
      is_bundle: i.isBundle,
      bundle_credit: centsToDollars(i.bundleCreditCents),
      files: i.files.map((f, index) => ({ index, id: f.id, filename: f.filename })),
      licence: i.licence && {
        id: i.licence.id,
        tier: i.licence.tierKey,
        name: i.licence.tierName,
        certificate_url: certificatePath(i.licence.id, i.licence.guestSessionId),
      },
    })),
  };
}
