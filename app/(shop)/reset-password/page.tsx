import type { Metadata } from 'next';
import Link from 'next/link';
import { AccountCard } from '@/components/account/panels';
import { buttonClass } from '@/components/ui/button';
import { ResetPasswordForm } from './reset-password-form';
import { pageInput } from '@/lib/http/page-input';

// The token in this page's URL is a credential: no request from here may carry it onwards as a Referer.
export const metadata: Metadata = { title: 'Reset Password', robots: { index: false, follow: false }, referrer: 'no-referrer' };

type Props = { searchParams: Promise<{ token?: string | string[] }> };

export default async function ResetPasswordPage({ searchParams }: Props) {
  const raw = (await pageInput(searchParams)).token;
  const token = (Array.isArray(raw) ? raw[0] : raw)?.trim() ?? '';
  return <AccountCard>{token ? <ResetPasswordForm token={token} /> : <InvalidLink />}</AccountCard>;
}

function InvalidLink() {
  return (
    <div className="text-center">
      <h1 className="text-3xl font-extrabold tracking-tight">Invalid Reset Link</h1>
      <p className="mt-3 text-gray-700">This password reset link is incomplete. Please request a new one.</p>
      <Link href="/forgot-password" className={buttonClass({ size: 'lg', className: 'mt-6' })}>
        Request New Link
      </Link>
    </div>
  );
}
