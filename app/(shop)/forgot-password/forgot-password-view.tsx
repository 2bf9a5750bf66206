'use client';

import Link from 'next/link';
import { useState } from 'react';
import { toast } from '@/components/ui/toast';
import { api } from '@/components/data/api';
import { TextField } from '@/components/ui/field';
import { Button, buttonClass } from '@/components/ui/button';
import { PageIcon } from '@/components/ui/card';
import { MailIcon } from '@/components/ui/content-icons';

export function ForgotPasswordView() {
  const [email, setEmail] = useState('');
  const [busy, setBusy] = useState(false);
  const [sentTo, setSentTo] = useState<string | null>(null);

  async function submit() {
    setBusy(true);
    const result = await api.form('/api/auth/forgot-password', { email });
    setBusy(false);
    if (!result.ok) {
      toast.error(result.error.status === 429 && result.error.detail ? result.error.detail : 'Failed to send reset link');
      return;
    }
    setSentTo(email);
  }

  if (sentTo) return <CheckYourEmail email={sentTo} onRetry={() => setSentTo(null)} />;

  return (
    <>
      <h1 className="text-center text-3xl font-extrabold tracking-tight">Forgot Password?</h1>
      <p className="mt-2 text-center text-gray-700">Enter your email and we will send you a link to reset your password.</p>
      <form
        className="mt-6 flex flex-col gap-4"
        onSubmit={(e) => {
          e.preventDefault();
          void submit();
        }}
      >
        <TextField id="forgot-email" label="Email" type="email" autoComplete="email" required value={email} onChange={(e) => setEmail(e.target.value)} />
        <Button size="lg" type="submit" disabled={busy}>
          {busy ? 'Sending...' : 'Send Reset Link'}
        </Button>
      </form>
      <p className="mt-6 text-center text-sm">
        <Link href="/login" className="link">
          Back to Login
        </Link>
      </p>
    </>
  );
}

// The same answer whether or not an account exists: the server never says which.
function CheckYourEmail({ email, onRetry }: { email: string; onRetry: () => void }) {
  return (
    <div className="text-center" role="status">
      <PageIcon>
        <MailIcon className="h-8 w-8" />
      </PageIcon>
      <h1 className="mt-4 text-3xl font-extrabold tracking-tight">Check Your Email</h1>
      <p className="mt-2 text-gray-700">
        If an account exists for <strong className="break-all">{email}</strong>, a password reset link is on its way.
      </p>
      <ul className="mt-6 space-y-2 rounded-xl bg-gray-50 p-4 text-left text-sm text-gray-800">
        <li>• Check your spam or junk folder if it does not arrive in a few minutes.</li>
        <li>• Make sure the email address above is the one you registered with.</li>
        <li>• The link expires in 1 hour.</li>
      </ul>
      <div className="mt-6 flex flex-col gap-3">
        <Link href="/login" className={buttonClass({ size: 'lg' })}>
          Back to Login
        </Link>
        <Button variant="secondary" size="lg" onClick={onRetry}>
          Try another email
        </Button>
      </div>
    </div>
  );
}
