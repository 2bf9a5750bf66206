import type { Metadata } from 'next';
import Link from 'next/link';
import { Card } from '@/components/ui/card';
import { pageInput } from '@/lib/http/page-input';
import { SetPasswordForm } from './set-password-form';

// The invitation's link: its token is a credential, so no request from here may pass it on as a Referer.
export const metadata: Metadata = { title: 'Set your password', robots: { index: false, follow: false }, referrer: 'no-referrer' };

type Props = { searchParams: Promise<{ token?: string | string[] }> };

/** A new member of staff chooses their password; the link is checked when the form is sent (once). */
export default async function SetStaffPasswordPage({ searchParams }: Props) {
  const raw = (await pageInput(searchParams)).token;
  const token = (Array.isArray(raw) ? raw[0] : raw)?.trim() ?? '';
  return (
    <div className="mx-auto max-w-md px-4 py-12">
      <Card padding="lg">
        <h1 className="text-center text-3xl font-extrabold tracking-tight">Set your password</h1>
        {token ? (
          <SetPasswordForm token={token} />
        ) : (
          <p className="mt-4 text-center text-gray-700">
            This invitation link is incomplete. Ask the owner to send a new one, or{' '}
            <Link href="/admin/login" className="link">
              sign in
            </Link>
            .
          </p>
        )}
      </Card>
    </div>
  );
}
