'use client';

import { usePathname, useSearchParams } from 'next/navigation';
import { useCallback } from 'react';
import type { Permission } from '@/lib/staff-permissions';

// The dashboard's tabs (SPEC §2 Admin) live in the address: /admin/dashboard
// opens All Products as it always did, /admin/dashboard?tab=orders opens
// Orders, so a link, a reload or the back button lands on the same tab. A query
// rather than nested routes: one page, one session check, and switching tabs
// never waits for the server. Next's router follows history.pushState, so
// useSearchParams updates without a request.

// After the spec's eight, the staff's own (Decision 084). A member sees the tabs
// their role may use; the server checks every call all the same.
export const TABS = ['All Products', 'Upload', 'Sales Manager', 'Orders', 'Vouchers', 'Settings', 'Categories', 'Tags', 'Staff', 'Audit', 'Account'] as const;
export type TabName = (typeof TABS)[number];

/** A tab shows when the role has any of these. */
const TAB_PERMISSIONS: Record<TabName, readonly Permission[]> = {
  'All Products': ['catalogue'],
  Upload: ['catalogue'],
  'Sales Manager': ['catalogue'],
  Orders: ['orders'],
  Vouchers: ['vouchers'],
  // Banner, membership promo codes, business details: each section by its own permission.
  Settings: ['settings.storefront', 'vouchers', 'settings.business'],
  Categories: ['catalogue'],
  Tags: ['catalogue'],
  Staff: ['staff'],
  Audit: ['audit'],
  Account: ['account'],
};

/** The tabs a member with `permissions` may use, in the dashboard's order. */
export function tabsFor(permissions: readonly Permission[]): TabName[] {
  return TABS.filter((tab) => TAB_PERMISSIONS[tab].some((p) => permissions.includes(p)));
}

const DEFAULT_TAB: TabName = 'All Products';
const TAB_PARAM = 'tab';

const SLUGS: Record<TabName, string> = {
  'All Products': 'products',
  Upload: 'upload',
  'Sales Manager': 'sales',
  Orders: 'orders',
  Vouchers: 'vouchers',
  Settings: 'settings',
  Categories: 'categories',
  Tags: 'tags',
  Staff: 'staff',
  Audit: 'audit',
  Account: 'account',
};

/** The tab a `?tab=` value names among `tabs`; anything else, or none, is the first of them. */
export function tabFromSlug(slug: string | null, tabs: readonly TabName[] = TABS): TabName {
  return tabs.find((tab) => SLUGS[tab] === slug) ?? tabs[0] ?? DEFAULT_TAB;
}

/** The dashboard address that opens `tab`. */
export function dashboardHref(pathname: string, tab: TabName): string {
  return tab === DEFAULT_TAB ? pathname : `${pathname}?${TAB_PARAM}=${SLUGS[tab]}`;
}

export function useDashboardTab(tabs: readonly TabName[]): [TabName, (tab: TabName) => void] {
  const pathname = usePathname();
  const tab = tabFromSlug(useSearchParams().get(TAB_PARAM), tabs);
  const select = useCallback(
    (next: TabName) => {
      if (next !== tab) window.history.pushState(null, '', dashboardHref(pathname, next));
    },
    [pathname, tab],
  );
  return [tab, select];
}
