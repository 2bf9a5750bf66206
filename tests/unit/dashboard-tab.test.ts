import { describe, expect, it } from 'vitest';
import { dashboardHref, TABS, tabFromSlug } from '@/components/admin/use-dashboard-tab';

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
    expect(TABS.slice(8)).toEqual(['Insights']);
    expect(dashboardHref('/admin/dashboard', 'Insights')).toBe('/admin/dashboard?tab=insights');
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
});
