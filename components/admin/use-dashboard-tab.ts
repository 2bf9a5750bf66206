'use client';

import { useCallback, useSyncExternalStore } from 'react';
import type { Permission } from '@/lib/staff-permissions';

// The dashboard's tabs (docs/product.md §2 Admin) live in the address: /admin/dashboard
// opens All Products as it always did, /admin/dashboard?tab=orders opens
// Orders, so a link, a reload or the back button lands on the same tab. A query
// rather than nested routes: one page, one session check, and switching tabs
// never waits for the server.
//
// The tab is read from the address itself (history entries and popstate), not
// from the router's copy of it: Next's router restores history entries of a
// dynamic page asynchronously, and a tab that waited for it was briefly wrong
// after Back and raced the next navigation. The server renders the tab its
// request named (the page passes it in), so the first paint is already right,
// and an unknown name simply shows the default tab: the address is never
// rewritten, so nothing navigates a second time.

// The spec's eight keep their names and order; the shop's own tabs come after
// them, the staff's last (Decision 084). A member sees the tabs their role may
// use; the server checks every call all the same.
export const TABS = [
  'All Products',
  'Upload',
  'Sales Manager',
  'Orders',
  'Vouchers',
  'Settings',
  'Categories',
  'Tags',
  'Insights',
  'Customers',
  'Reviews',
  'Email',
  'Staff',
  'Audit',
  'Account',
] as const;
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
  Insights: ['insights'],
  Customers: ['customers'],
  Reviews: ['reviews'],
  Email: ['marketing'],
  Staff: ['staff'],
  Audit: ['audit'],
  Account: ['account'],
};

/** The tabs a member with `permissions` may use, in the dashboard's order. */
export function tabsFor(permissions: readonly Permission[]): TabName[] {
  return TABS.filter((tab) => TAB_PERMISSIONS[tab].some((p) => permissions.includes(p)));
}

const DEFAULT_TAB: TabName = 'All Products';
export const TAB_PARAM = 'tab';
const TAB_EVENT = 'admin:tab-change';

const SLUGS: Record<TabName, string> = {
  'All Products': 'products',
  Upload: 'upload',
  'Sales Manager': 'sales',
  Orders: 'orders',
  Reviews: 'reviews',
  Email: 'email',
  Vouchers: 'vouchers',
  Settings: 'settings',
  Categories: 'categories',
  Tags: 'tags',
  Insights: 'insights',
  Customers: 'customers',
  Staff: 'staff',
  Audit: 'audit',
  Account: 'account',
};

/** The tab a `?tab=` value names among `tabs`; anything else, or none, is the first of them. */
export function tabFromSlug(slug: string | null | undefined, tabs: readonly TabName[] = TABS): TabName {
  return tabs.find((tab) => SLUGS[tab] === slug) ?? tabs[0] ?? DEFAULT_TAB;
}

/** The dashboard address that opens `tab`. */
export function dashboardHref(pathname: string, tab: TabName): string {
  return tab === DEFAULT_TAB ? pathname : `${pathname}?${TAB_PARAM}=${SLUGS[tab]}`;
}

function subscribe(onChange: () => void): () => void {
  window.addEventListener('popstate', onChange);
  window.addEventListener(TAB_EVENT, onChange);
  return () => {
    window.removeEventListener('popstate', onChange);
    window.removeEventListener(TAB_EVENT, onChange);
  };
}

const addressSlug = () => new URLSearchParams(window.location.search).get(TAB_PARAM);

/** `requestedSlug`: the `?tab=` of the request the server rendered; `tabs`: the ones the member may use. */
export function useDashboardTab(requestedSlug: string | null, tabs: readonly TabName[]): [TabName, (tab: TabName) => void] {
  const tab = tabFromSlug(
    useSyncExternalStore(subscribe, addressSlug, () => requestedSlug),
    tabs,
  );
  const select = useCallback(
    (next: TabName) => {
      if (next === tab) return;
      window.history.pushState(null, '', dashboardHref(window.location.pathname, next));
      window.dispatchEvent(new Event(TAB_EVENT));
    },
    [tab],
  );
  return [tab, select];
}
