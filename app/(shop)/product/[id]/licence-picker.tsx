'use client';

import dynamic from 'next/dynamic';
import { useState } from 'react';
import { useBundleCredit } from '@/components/account/use-bundle-credit';
import { useOwnedProductIds } from '@/components/account/use-owned';
import { BundleCreditLine } from '@/components/cart/bundle-credit-line';
import { CartActions } from '@/components/cart/cart-actions';
import type { PriceView } from '@/components/catalog/types';
import { RadioCard } from '@/components/ui/radio';
import type { CartItem } from '@/lib/cart';
import { centsToDollars, formatAud } from '@/lib/format';

// Only an owner of the item sees it (known in the browser alone): every other visitor loads none of its code.
const OwnedLicence = dynamic(() => import('./owned-licence').then((m) => m.OwnedLicence), { ssr: false });

export type LicenceChoice = { key: string; name: string; summary: string; termsUrl: string; price: PriceView };

/**
 * The product page's licence tiers (Decision 081): the default tier is chosen;
 * Add to Cart and Buy Now add the chosen one. A customer who owns the item sees
 * their licence's upgrades instead; one who owns some items of a bundle sees
 * its price for them (Decision 094), asked of the API, never in the cached page.
 */
export function LicencePicker({ productId, choices, item }: { productId: string; choices: LicenceChoice[]; item: CartItem }) {
  const [chosen, setChosen] = useState(choices[0]?.key);
  const owned = useOwnedProductIds().has(productId);
  const creditOf = useBundleCredit(item.is_bundle ? [productId] : []);
  const choice = choices.find((c) => c.key === chosen) ?? choices[0];
  const cartItem: CartItem = choice ? { ...item, price: centsToDollars(choice.price.priceCents), licence: choice.key, licence_name: choice.name } : item;
  return (
    <div className="flex flex-col gap-4">
      {choices.length > 0 && (
        <fieldset className="flex flex-col gap-2">
          <legend className="mb-1 font-semibold">Licence</legend>
          {choices.map((c) => (
            <RadioCard key={c.key} name="licence" value={c.key} checked={c.key === choice?.key} onChange={() => setChosen(c.key)}>
              <span className="flex flex-1 flex-col gap-1">
                <span className="flex flex-wrap items-baseline justify-between gap-2">
                  <span className="font-semibold">{c.name}</span>
                  <TierPrice price={c.price} />
                </span>
                {c.summary && <span className="text-sm text-gray-700">{c.summary}</span>}
                <a href={c.termsUrl} className="text-sm text-accent-800 underline" target="_blank" rel="noopener">
                  {c.name} licence terms
                </a>
              </span>
            </RadioCard>
          ))}
        </fieldset>
      )}
      {!owned && <BundleCreditLine credit={creditOf(productId, choice?.key)} />}
      <CartActions item={cartItem} defaultLicence={choices[0]?.key} />
      {owned && <OwnedLicence productId={productId} />}
    </div>
  );
}

/**
 * A tier's price; during a sale the regular one struck through beside it. Not the page's <Price>:
 * the default tier's price is already the page's headline price, shown once as such.
 */
function TierPrice({ price }: { price: PriceView }) {
  if (!price.onSale) return <span className="font-bold">{formatAud(price.priceCents)}</span>;
  return (
    <span className="flex items-baseline gap-2">
      <span className="text-sm text-gray-600 line-through">
        <span className="sr-only">was </span>
        {formatAud(price.regularPriceCents)}
      </span>
      <span className="font-bold text-brand-700">{formatAud(price.priceCents)}</span>
    </span>
  );
}
