import { describe, expect, it } from 'vitest';
import { dashboardHref, TABS, tabFromSlug, tabsFor } from '@/components/admin/use-dashboard-tab';
import { ROLE_PERMISSIONS } from '@/lib/staff-permissions';

describe('dashboard tab addresses', () => {
  it('gives every tab its own address that leads back to it', () => {
    const hrefs = TABS.map((tab) => dashboardHref('/admin/dashboard', tab));
    expect(new Set(hrefs).size).toBe(TABS.length);
    for (const tab of TABS) {
      const query = new URL(dashboardHref('/admin/dashboard', tab), 'http://shop.test').searchParams.get('tab');
      expect(tabFromSlug(query)).toBe(tab);
    }
  });

  it("keeps the spec's eight tabs in its order, the shop's own after them", () => {
    expect(TABS.slice(0, 8)).toEqual(['All Products', 'Upload', 'Sales Manager', 'Orders', 'Vouchers', 'Settings', 'Categories', 'Tags']);
    expect(TABS.slice(8)).toEqual(['Insights', 'Customers', 'Reviews', 'Email', 'Staff', 'Audit', 'Account']);
    expect(dashboardHref('/admin/dashboard', 'Insights')).toBe('/admin/dashboard?tab=insights');
    expect(dashboardHref('/admin/dashboard', 'Staff')).toBe('/admin/dashboard?tab=staff');
    expect(dashboardHref('/admin/dashboard', 'Customers')).toBe('/admin/dashboard?tab=customers');
    expect(dashboardHref('/admin/dashboard', 'Email')).toBe('/admin/dashboard?tab=email');
  });

  it('keeps /admin/dashboard itself for All Products, the entry tab', () => {
    expect(dashboardHref('/admin/dashboard', 'All Products')).toBe('/admin/dashboard');
    expect(dashboardHref('/admin/dashboard', 'Orders')).toBe('/admin/dashboard?tab=orders');
    expect(tabFromSlug(null)).toBe('All Products');
  });

  it('opens the entry tab for an unknown tab name', () => {
    expect(tabFromSlug('nonsense')).toBe('All Products');
    expect(tabFromSlug('Orders')).toBe('All Products');
  });

  it('shows each role only the tabs it may use, and opens its first one', () => {
    expect(tabsFor(ROLE_PERMISSIONS.owner)).toEqual([...TABS]);
    // Insights (business figures) and Email (marketing) are the owner's and the manager's only.
    expect(tabsFor(ROLE_PERMISSIONS.manager)).toEqual(TABS.filter((t) => t !== 'Staff'));
    expect(tabsFor(ROLE_PERMISSIONS.support)).toEqual(['Orders', 'Vouchers', 'Settings', 'Customers', 'Reviews', 'Account']);
    expect(tabsFor(ROLE_PERMISSIONS.catalogue)).toEqual(['All Products', 'Upload', 'Sales Manager', 'Categories', 'Tags', 'Account']);
    const support = tabsFor(ROLE_PERMISSIONS.support);
    expect(tabFromSlug(null, support)).toBe('Orders');
    expect(tabFromSlug('staff', support)).toBe('Orders');
    expect(tabFromSlug('vouchers', support)).toBe('Vouchers');
  });
});
