import type { Metadata } from 'next';
import { redirect } from 'next/navigation';
import { AdminDashboard } from '@/components/admin/admin-dashboard';
import { getAdminFromCookies } from '@/lib/http/admin';

export const metadata: Metadata = { title: 'Admin Dashboard', robots: { index: false, follow: false } };

export const dynamic = 'force-dynamic';

// The page checks the session itself: middleware only redirects when the
// cookie is missing, and a present cookie may be forged, expired or revoked.
type Props = { searchParams: Promise<{ tab?: string | string[] }> };

export default async function AdminDashboardPage({ searchParams }: Props) {
  const admin = await getAdminFromCookies();
  if (!admin) redirect('/admin/login');
  const tab = (await searchParams).tab;
  return <AdminDashboard username={admin.username} tab={(Array.isArray(tab) ? tab[0] : tab) ?? null} />;
}
