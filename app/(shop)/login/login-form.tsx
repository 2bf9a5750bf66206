'use client';

import Link from 'next/link';
import { useRouter } from 'next/navigation';
import { useState } from 'react';
import { toast } from '@/components/ui/toast';
import { api } from '@/components/data/api';
import type { SignInResponse } from '@/lib/contract/accounts';
import { TextField } from '@/components/ui/field';
import { Button } from '@/components/ui/button';
import { storeUser } from '@/components/account/use-user';

export function LoginForm({ next }: { next: string | null }) {
  const router = useRouter();
  const [email, setEmail] = useState('');
  const [password, setPassword] = useState('');
  const [busy, setBusy] = useState(false);

  async function submit() {
    setBusy(true);
    const result = await api.form<SignInResponse>('/api/auth/user-login', { email, password });
    if (!result.ok) {
      // A rate-limit answer says when to retry; every other failure reads the same (no account enumeration).
      toast.error(result.error.status === 429 && result.error.detail ? result.error.detail : 'Invalid email or password');
      setBusy(false);
      return;
    }
    storeUser(result.body.user);
    router.push(next ?? (result.body.user.is_member ? '/members/dashboard' : '/products'));
  }

  return (
    <form
      className="flex flex-col gap-4"
      onSubmit={(e) => {
        e.preventDefault();
        void submit();
      }}
    >
      <TextField id="login-email" label="Email" type="email" autoComplete="email" required value={email} onChange={(e) => setEmail(e.target.value)} />
      <TextField
        id="login-password"
        label="Password"
        type="password"
        autoComplete="current-password"
        required
        value={password}
        onChange={(e) => setPassword(e.target.value)}
      />
      <div className="text-right text-sm">
        <Link href="/forgot-password" className="link">
          Forgot Password?
        </Link>
      </div>
      <Button size="lg" type="submit" disabled={busy}>
        {busy ? 'Logging in...' : 'Login'}
      </Button>
      <p className="text-center text-sm text-gray-700">
        Everything free with a membership.{' '}
        <Link href="/membership" className="link">
          See Membership benefits
        </Link>
      </p>
    </form>
  );
}
