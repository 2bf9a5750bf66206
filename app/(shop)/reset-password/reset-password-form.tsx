'use client';

import Link from 'next/link';
import { useRouter } from 'next/navigation';
import { useEffect, useState } from 'react';
import { toast } from '@/components/ui/toast';
import { api } from '@/components/data/api';
import { TextField } from '@/components/ui/field';
import { Button, buttonClass } from '@/components/ui/button';
import { PageIcon } from '@/components/ui/card';
import { CheckCircleIcon } from '@/components/ui/content-icons';

// docs/product.md §9: at least 6 characters; back to login 3 seconds after a reset.
const MIN_PASSWORD_LENGTH = 6;
const REDIRECT_MS = 3000;

/** The browser's checks; the server also refuses common passwords with its own message. */
function passwordProblem(password: string, confirm: string): string | null {
  if (password !== confirm) return 'Passwords do not match';
  if (password.length < MIN_PASSWORD_LENGTH) return 'Password must be at least 6 characters';
  return null;
}

export function ResetPasswordForm({ token }: { token: string }) {
  const router = useRouter();
  const [password, setPassword] = useState('');
  const [confirm, setConfirm] = useState('');
  const [busy, setBusy] = useState(false);
  const [done, setDone] = useState(false);

  useEffect(() => {
    if (!done) return;
    const timer = setTimeout(() => router.push('/login'), REDIRECT_MS);
    return () => clearTimeout(timer);
  }, [done, router]);

  async function submit() {
    const problem = passwordProblem(password, confirm);
    if (problem) {
      toast.error(problem);
      return;
    }
    setBusy(true);
    const result = await api.form('/api/auth/reset-password', { token, new_password: password });
    setBusy(false);
    if (!result.ok) {
      toast.error(result.error.detail ?? 'Failed to reset password');
      return;
    }
    setDone(true);
  }

  if (done) {
    return (
      <div className="text-center" role="status">
        <PageIcon tone="success">
          <CheckCircleIcon className="h-8 w-8" />
        </PageIcon>
        <h1 className="mt-4 text-3xl font-extrabold tracking-tight">Password Reset Successful</h1>
        <p className="mt-2 text-gray-700">Your password has been changed. Redirecting you to login in 3 seconds...</p>
        <Link href="/login" className={buttonClass({ size: 'lg', className: 'mt-6' })}>
          Go to Login
        </Link>
      </div>
    );
  }

  return (
    <>
      <h1 className="text-center text-3xl font-extrabold tracking-tight">Reset Password</h1>
      <p className="mt-2 text-center text-gray-700">Choose a new password for your account.</p>
      <form
        className="mt-6 flex flex-col gap-4"
        onSubmit={(e) => {
          e.preventDefault();
          void submit();
        }}
      >
        <TextField
          id="new-password"
          label="New Password"
          type="password"
          autoComplete="new-password"
          required
          hint="At least 6 characters."
          value={password}
          onChange={(e) => setPassword(e.target.value)}
        />
        <TextField
          id="confirm-password"
          label="Confirm Password"
          type="password"
          autoComplete="new-password"
          required
          value={confirm}
          onChange={(e) => setConfirm(e.target.value)}
        />
        <Button size="lg" type="submit" disabled={busy}>
          {busy ? 'Resetting...' : 'Reset Password'}
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
