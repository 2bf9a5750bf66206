'use client';

import { useCallback, useSyncExternalStore } from 'react';

// The dashboard's tabs (SPEC §2 Admin) live in the address: /admin/dashboard
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

// The spec's eight keep their names and order; the shop's own tabs come after them.
export const TABS = ['All Products', 'Upload', 'Sales Manager', 'Orders', 'Vouchers', 'Settings', 'Categories', 'Tags', 'Insights'] as const;
export type TabName = (typeof TABS)[number];

const DEFAULT_TAB: TabName = 'All Products';
export const TAB_PARAM = 'tab';
const TAB_EVENT = 'admin:tab-change';

const SLUGS: Record<TabName, string> = {
  'All Products': 'products',
  Upload: 'upload',
  'Sales Manager': 'sales',
  Orders: 'orders',
  Vouchers: 'vouchers',
  Settings: 'settings',
  Categories: 'categories',
  Tags: 'tags',
  Insights: 'insights',
};

/** The tab a `?tab=` value names; anything else, or none, is the default tab. */
export function tabFromSlug(slug: string | null | undefined): TabName {
  return TABS.find((tab) => SLUGS[tab] === slug) ?? DEFAULT_TAB;
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

/** `requestedSlug`: the `?tab=` of the request the server rendered. */
export function useDashboardTab(requestedSlug: string | null): [TabName, (tab: TabName) => void] {
  const tab = tabFromSlug(useSyncExternalStore(subscribe, addressSlug, () => requestedSlug));
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
