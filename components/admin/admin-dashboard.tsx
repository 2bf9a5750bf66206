'use client';

import Link from 'next/link';
import { useEffect, useState } from 'react';
import { AccountTab } from './account/account-tab';
import { AuditTab } from './audit/audit-tab';
import { ADMIN_USERNAME_KEY, api, goToAdminLogin } from './session';
import { CategoriesTab } from './categories-tab';
import { CustomersTab } from './customers-tab';
import { EmailTab } from './email/email-tab';
import { ConfirmProvider } from '@/components/ui/confirm';
import { InsightsTab } from './insights/insights-tab';
import type { DashboardMember } from './member';
import { OrdersTab } from './orders-tab';
import { ProductsTab } from './products-tab';
import { ReviewsTab } from './reviews/reviews-tab';
import { SalesTab } from './sales-tab';
import type { AllMatching } from './selection';
import { SettingsTab } from './settings-tab';
import { StaffTab } from './staff/staff-tab';
import { Button, buttonClass } from '@/components/ui/button';
import { Notice } from '@/components/ui/card';
import { TabList, TabPanel } from '@/components/ui/tabs';
import { TagsTab } from './tags-tab';
import { UploadTab } from './upload-tab';
import { useCatalog } from './use-catalog';
import { tabsFor, useDashboardTab } from './use-dashboard-tab';
import { VouchersTab } from './vouchers-tab';

const PREFIX = 'admin';

async function logout() {
  await api.post('/api/admin/logout').catch(() => undefined);
  goToAdminLogin();
}

/** `tab`: the `?tab=` of the request, so the server renders the tab the address names. */
export function AdminDashboard({ member, tab: requestedTab }: { member: DashboardMember; tab: string | null }) {
  const { username, permissions } = member;
  // Until an owner or manager enrols where it is required, their account is all there is.
  const tabs = member.mustEnrolTwoFactor ? tabsFor(['account']) : tabsFor(permissions);
  const [tab, setTab] = useDashboardTab(requestedTab, tabs);
  // Ticked in All Products (or all matching its search), used by the Sales Manager's "Selected Products" target.
  const [selected, setSelected] = useState<Set<string>>(new Set());
  const [allMatching, setAllMatching] = useState<AllMatching | null>(null);
  const catalog = useCatalog();

  useEffect(() => {
    window.localStorage.setItem(ADMIN_USERNAME_KEY, username);
  }, [username]);

  function panel() {
    switch (tab) {
      case 'All Products':
        return <ProductsTab catalog={catalog} selected={selected} onSelect={setSelected} allMatching={allMatching} onAllMatching={setAllMatching} />;
      case 'Upload':
        return <UploadTab onOpenProducts={() => setTab('All Products')} />;
      case 'Sales Manager':
        return <SalesTab categories={catalog.categories} selectedIds={[...selected]} allMatching={allMatching} onChanged={catalog.reloadProducts} />;
      case 'Orders':
        return <OrdersTab username={username} />;
      case 'Reviews':
        return <ReviewsTab />;
      case 'Email':
        return <EmailTab />;
      case 'Vouchers':
        return <VouchersTab />;
      case 'Settings':
        return <SettingsTab permissions={permissions} />;
      case 'Categories':
        return <CategoriesTab catalog={catalog} />;
      case 'Tags':
        return <TagsTab catalog={catalog} />;
      case 'Insights':
        return <InsightsTab />;
      case 'Customers':
        return <CustomersTab />;
      case 'Staff':
        return <StaffTab />;
      case 'Audit':
        return <AuditTab />;
      case 'Account':
        return <AccountTab member={member} />;
    }
  }

  return (
    <ConfirmProvider>
      <div className="mx-auto max-w-7xl px-4 py-8">
        <header className="mb-6 flex flex-wrap items-center justify-between gap-4">
          <div>
            <h1 className="text-3xl font-extrabold tracking-tight">Admin Dashboard</h1>
            <p className="text-sm text-gray-700">
              Signed in as <span className="font-semibold">{username}</span> <span className="text-gray-600">({member.role})</span>
            </p>
          </div>
          <div className="flex gap-2">
            <Link href="/" className={buttonClass({ variant: 'secondary' })}>
              Return to Store
            </Link>
            <Button onClick={() => void logout()}>Logout</Button>
          </div>
        </header>
        {member.mustEnrolTwoFactor && (
          <Notice tone="warning" role="alert" className="mb-4">
            Set up two-factor sign-in below to use the back office: owners and managers must have it here.
          </Notice>
        )}
        <TabList label="Dashboard sections" tabs={tabs} active={tab} onChange={setTab} idPrefix={PREFIX} />
        <TabPanel idPrefix={PREFIX} tab={tab} className="pt-6">
          {panel()}
        </TabPanel>
      </div>
    </ConfirmProvider>
  );
}
