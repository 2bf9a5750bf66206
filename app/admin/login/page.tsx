import type { Metadata } from 'next';
import { redirect } from 'next/navigation';
import { getAdminFromCookies } from '@/lib/http/admin';
import { AdminLoginForm } from './admin-login-form';

export const metadata: Metadata = { title: 'Admin Login', robots: { index: false, follow: false } };

// Reads the session cookie on every request, so it can never be served from the cache.
export const dynamic = 'force-dynamic';

export default async function AdminLoginPage() {
  if (await getAdminFromCookies()) redirect('/admin/dashboard');
  return (
    <div className="mx-auto max-w-md px-4 py-12">
      <div className="rounded-2xl bg-white p-8 shadow-sm">
        <h1 className="text-center text-3xl font-extrabold tracking-tight">Admin Login</h1>
        <AdminLoginForm />
      </div>
    </div>
  );
}
