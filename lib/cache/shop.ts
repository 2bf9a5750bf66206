import 'server-only';
import { revalidateTag, unstable_cache } from 'next/cache';
import * as shop from '@/lib/domain/shop-identity';
import { DEFAULT_SHOP_IDENTITY, type ShopIdentity } from '@/lib/domain/shop-identity';
import { CATALOG_REVALIDATE_SECONDS } from './catalog';
import { SHOP_IDENTITY_TAG } from './catalog-tag';

// The shop's identity is in the layout of every page (name, logo, footer) and
// its pages are few: both cached under their own tag, which every page carries
// through the layout's read, so one save refreshes every cached page at once
// (Decision 093) without throwing away the catalogue's cached reads as well.
export const SHOP_TAG = SHOP_IDENTITY_TAG;

const options = { tags: [SHOP_TAG], revalidate: CATALOG_REVALIDATE_SECONDS };

const cachedIdentity = unstable_cache(() => shop.getShopIdentity(), ['shop-identity'], options);

/** The identity for a page; the built-in one when the database cannot be read (docs/product.md §7: loads fail quietly). */
export async function getIdentity(): Promise<ShopIdentity> {
  try {
    return await cachedIdentity();
  } catch (error) {
    console.error('[shop] identity failed to load', error);
    return DEFAULT_SHOP_IDENTITY;
  }
}

// Slugs are checked against the four pages before this is called: nothing a stranger chooses becomes an entry.
export const getRenderedPage = unstable_cache(shop.renderShopPage, ['shop-page'], options);

export function revalidateShop(): void {
  revalidateTag(SHOP_TAG, { expire: 0 });
}
