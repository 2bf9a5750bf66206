import type { Metadata } from 'next';
import { redirect } from 'next/navigation';
import { AdminDashboard } from '@/components/admin/admin-dashboard';
import { twoFactorRequiredFor } from '@/lib/domain/staff';
import { getAdminFromCookies } from '@/lib/http/admin';
import { ROLE_PERMISSIONS } from '@/lib/staff-permissions';
import { pageInput } from '@/lib/http/page-input';

export const metadata: Metadata = { title: 'Admin Dashboard', robots: { index: false, follow: false } };

export const dynamic = 'force-dynamic';

// The page checks the session itself: middleware only redirects when the
// cookie is missing, and a present cookie may be forged, expired or revoked.
type Props = { searchParams: Promise<{ tab?: string | string[] }> };

export default async function AdminDashboardPage({ searchParams }: Props) {
  // Read before the session check: a tab holding a NUL byte names no page, signed in or not.
  const tab = (await pageInput(searchParams)).tab;
  const admin = await getAdminFromCookies();
  if (!admin) redirect('/admin/login');
  const member = {
    username: admin.username,
    role: admin.role,
    permissions: ROLE_PERMISSIONS[admin.role],
    twoFactorEnabled: admin.twoFactorEnabled,
    twoFactorRequired: twoFactorRequiredFor(admin.role),
    mustEnrolTwoFactor: admin.mustEnrolTwoFactor,
  };
  return <AdminDashboard member={member} tab={(Array.isArray(tab) ? tab[0] : tab) ?? null} />;
}
