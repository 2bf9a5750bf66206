import 'server-only';
import type { ActiveSaleResponse } from '@/lib/contract/sales';
import type { ActiveSale } from '@/lib/domain/sales';
import { centsToDollars } from '@/lib/format';
import { isoOrNull } from './dates';

export function toActiveSaleResponse(s: ActiveSale): ActiveSaleResponse {
  return {
    id: s.id,
    title: s.title,
    category: s.category,
    original_price: centsToDollars(s.priceCents),
    sale_price: centsToDollars(s.salePriceCents),
    discount_percentage: s.discountPercentage,
    sale_start: isoOrNull(s.saleStart),
    sale_end: isoOrNull(s.saleEnd),
    is_bundle: s.isBundle,
  };
}
