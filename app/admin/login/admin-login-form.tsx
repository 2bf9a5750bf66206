'use client';

import Link from 'next/link';
import { useRouter } from 'next/navigation';
import { useState, type FormEvent } from 'react';
import { toast } from '@/components/ui/toast';
import { ADMIN_USERNAME_KEY } from '@/components/admin/session';
import { api } from '@/components/data/api';
import { Button } from '@/components/ui/button';
import { TextField } from '@/components/ui/field';
import { TwoFactorStep } from './two-factor-step';

// docs/product.md §3 keeps the admin name in browser storage for display. The session
// token is NOT stored as `admin_token`: the login response sets it as an
// HttpOnly cookie, out of reach of any script an XSS could inject (docs/security.md S2),
// and every admin request carries it automatically.

type LoginResponse = { success: true; username: string } | { success: false; two_factor_required: true; challenge: string };

export function AdminLoginForm() {
  const router = useRouter();
  const [username, setUsername] = useState('');
  const [password, setPassword] = useState('');
  const [busy, setBusy] = useState(false);
  // Set when the password was right and the member has a second factor.
  const [challenge, setChallenge] = useState<string | null>(null);

  function signedIn(name: string) {
    window.localStorage.setItem(ADMIN_USERNAME_KEY, name);
    router.replace('/admin/dashboard');
  }

  async function submit(event: FormEvent) {
    event.preventDefault();
    setBusy(true);
    // The shopper's client, not the admin's: a 401 here is a wrong password, not an ended session.
    const result = await api.post<LoginResponse | null>('/api/auth/login', { username, password });
    if (!result.ok || !result.body) {
      // A rate-limit answer says when to try again; every other failure reads the same.
      toast.error(!result.ok && result.error.status === 429 && result.error.detail ? result.error.detail : 'Invalid credentials');
      setBusy(false);
      return;
    }
    const body = result.body;
    if (body.success) return signedIn(body.username);
    setBusy(false);
    setPassword('');
    setChallenge(body.challenge);
  }

  if (challenge) return <TwoFactorStep challenge={challenge} onSignedIn={signedIn} onRestart={() => setChallenge(null)} />;

  return (
    <form className="mt-6 flex flex-col gap-4" onSubmit={(e) => void submit(e)}>
      <TextField id="admin-username" label="Username" autoComplete="username" required value={username} onChange={(e) => setUsername(e.target.value)} />
      <TextField
        id="admin-password"
        label="Password"
        type="password"
        autoComplete="current-password"
        required
        value={password}
        onChange={(e) => setPassword(e.target.value)}
      />
      <Button type="submit" size="lg" disabled={busy}>
        {busy ? 'Signing in...' : 'Login'}
      </Button>
      <Link href="/" className="link text-center text-sm">
        Back to Site
      </Link>
    </form>
  );
}
