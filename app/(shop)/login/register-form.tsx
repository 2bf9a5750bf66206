'use client';

import { useRouter } from 'next/navigation';
import { useState } from 'react';
import { toast } from '@/components/ui/toast';
import { api } from '@/components/data/api';
import type { SignInResponse } from '@/lib/contract/accounts';
import { TextField } from '@/components/ui/field';
import { ConsentBox } from '@/components/marketing/consent-box';
import { Button } from '@/components/ui/button';
import { storeUser } from '@/components/account/use-user';

export function RegisterForm({ next }: { next: string | null }) {
  const router = useRouter();
  const [name, setName] = useState('');
  const [email, setEmail] = useState('');
  const [password, setPassword] = useState('');
  const [consent, setConsent] = useState(false);
  const [busy, setBusy] = useState(false);

  async function submit() {
    setBusy(true);
    const result = await api.form<SignInResponse>('/api/auth/user-register', {
      name,
      email,
      password,
      ...(consent ? { marketing_consent: 'true' } : {}),
    });
    if (!result.ok) {
      toast.error(result.error.detail ?? 'Registration failed');
      setBusy(false);
      return;
    }
    // The server signed the new account in; next stop is the page they came from, else the membership offer.
    storeUser(result.body.user);
    router.push(next ?? '/membership');
  }

  return (
    <form
      className="flex flex-col gap-4"
      onSubmit={(e) => {
        e.preventDefault();
        void submit();
      }}
    >
      <TextField id="register-name" label="Name" autoComplete="name" required maxLength={100} value={name} onChange={(e) => setName(e.target.value)} />
      <TextField id="register-email" label="Email" type="email" autoComplete="email" required value={email} onChange={(e) => setEmail(e.target.value)} />
      <TextField
        id="register-password"
        label="Password"
        type="password"
        autoComplete="new-password"
        required
        hint="At least 6 characters, and not a common password."
        value={password}
        onChange={(e) => setPassword(e.target.value)}
      />
      <ConsentBox id="register-consent" checked={consent} onChange={setConsent} />
      <Button size="lg" type="submit" disabled={busy}>
        {busy ? 'Creating account...' : 'Create Account'}
      </Button>
      <p className="text-center text-xs text-gray-600">We will email you a link to confirm your address.</p>
    </form>
  );
}
