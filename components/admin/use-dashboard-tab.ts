'use client';

import { usePathname, useSearchParams } from 'next/navigation';
import { useCallback } from 'react';

// The dashboard's tabs (SPEC §2 Admin) live in the address: /admin/dashboard
// opens All Products as it always did, /admin/dashboard?tab=orders opens
// Orders, so a link, a reload or the back button lands on the same tab. A query
// rather than nested routes: one page, one session check, and switching tabs
// never waits for the server. Next's router follows history.pushState, so
// useSearchParams updates without a request.

export const TABS = ['All Products', 'Upload', 'Sales Manager', 'Orders', 'Reviews', 'Vouchers', 'Settings', 'Categories', 'Tags'] as const;
export type TabName = (typeof TABS)[number];

const DEFAULT_TAB: TabName = 'All Products';
const TAB_PARAM = 'tab';

const SLUGS: Record<TabName, string> = {
  'All Products': 'products',
  Upload: 'upload',
  'Sales Manager': 'sales',
  Orders: 'orders',
  Reviews: 'reviews',
  Vouchers: 'vouchers',
  Settings: 'settings',
  Categories: 'categories',
  Tags: 'tags',
};

/** The tab a `?tab=` value names; anything else, or none, is the default tab. */
export function tabFromSlug(slug: string | null): TabName {
  return TABS.find((tab) => SLUGS[tab] === slug) ?? DEFAULT_TAB;
}

/** The dashboard address that opens `tab`. */
export function dashboardHref(pathname: string, tab: TabName): string {
  return tab === DEFAULT_TAB ? pathname : `${pathname}?${TAB_PARAM}=${SLUGS[tab]}`;
}

export function useDashboardTab(): [TabName, (tab: TabName) => void] {
  const pathname = usePathname();
  const tab = tabFromSlug(useSearchParams().get(TAB_PARAM));
  const select = useCallback(
    (next: TabName) => {
      if (next !== tab) window.history.pushState(null, '', dashboardHref(pathname, next));
    },
    [pathname, tab],
  );
  return [tab, select];
}
