'use client';

import { useEffect, useState } from 'react';
import { useOwnedProductIds } from '@/components/account/use-owned';
import { useCart } from '@/components/cart/use-cart';
import { api } from '@/components/data/api';
import type { ProductResponse } from '@/lib/contract/catalog';
import { salePercent } from '@/lib/format';
import { RecommendationList, type RecommendedView } from './recommendation-list';

/** Cards shown at most; the answer holds more so that some are left after filtering. */
const SHOWN = 4;

function toView(p: ProductResponse): RecommendedView {
  const onSale = p.on_sale && p.sale_price !== null;
  const priceCents = Math.round((onSale ? (p.sale_price as number) : p.price) * 100);
  const regularPriceCents = Math.round(p.price * 100);
  return {
    id: p.id,
    title: p.title,
    href: `/product/${p.id}`,
    imageUrl: p.thumbnail_url,
    isBundle: p.is_bundle,
    price: { priceCents, regularPriceCents, onSale, salePercent: onSale ? salePercent(regularPriceCents, priceCents) : 0 },
  };
}

/**
 * Recommendations for the products of a cart or an order, from
 * GET /api/recommendations, without anything in the cart, owned or in
 * `exclude` (Decision 089). Nothing is shown until they are known, and
 * nothing at all when the answer fails: it is an offer, not the page.
 */
export function RecommendationStrip({ title, productIds, exclude = [], id }: { title: string; productIds: string[]; exclude?: string[]; id: string }) {
  const [answer, setAnswer] = useState<{ key: string; items: RecommendedView[] } | null>(null);
  const cart = useCart();
  const owned = useOwnedProductIds();
  const key = [...productIds].sort().join(',');
  useEffect(() => {
    if (!key) return;
    let live = true;
    void api.get<ProductResponse[]>(`/api/recommendations?product_ids=${encodeURIComponent(key)}`).then((r) => {
      if (live && r.ok) setAnswer({ key, items: r.body.map(toView) });
    });
    return () => {
      live = false;
    };
  }, [key]);
  // An answer for another cart is no answer: nothing shows until this one's arrives.
  const items = answer?.key === key ? answer.items : [];
  const held = new Set([...cart.map((item) => item.product_id), ...owned, ...exclude]);
  return <RecommendationList title={title} id={id} items={items.filter((item) => !held.has(item.id)).slice(0, SHOWN)} />;
}
