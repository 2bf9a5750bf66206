'use client';

import Link from 'next/link';
import { useRouter } from 'next/navigation';
import { useState, type FormEvent } from 'react';
import { toast } from 'sonner';
import { ADMIN_USERNAME_KEY } from '@/components/admin/api';
import { TextField } from '@/components/admin/field';
import { button } from '@/components/admin/styles';

// SPEC §3 keeps the admin name in browser storage for display. The session
// token is NOT stored as `admin_token`: the login response sets it as an
// HttpOnly cookie, out of reach of any script an XSS could inject (SECURITY S2),
// and every admin request carries it automatically.

type LoginResponse = { success: boolean; username: string };

export function AdminLoginForm() {
  const router = useRouter();
  const [username, setUsername] = useState('');
  const [password, setPassword] = useState('');
  const [busy, setBusy] = useState(false);

  async function submit(event: FormEvent) {
    event.preventDefault();
    setBusy(true);
    const res = await fetch('/api/auth/login', {
      method: 'POST',
      headers: { 'Content-Type': 'application/json' },
      body: JSON.stringify({ username, password }),
    }).catch(() => null);
    const body = (await res?.json().catch(() => null)) as (LoginResponse & { detail?: string }) | null;
    if (!res?.ok || !body) {
      // A rate-limit answer says when to try again; every other failure reads the same.
      toast.error(res?.status === 429 && body?.detail ? body.detail : 'Invalid credentials');
      setBusy(false);
      return;
    }
    window.localStorage.setItem(ADMIN_USERNAME_KEY, body.username);
    router.replace('/admin/dashboard');
  }

  return (
    <form className="mt-6 flex flex-col gap-4" onSubmit={(e) => void submit(e)}>
      <TextField id="admin-username" label="Username" autoComplete="username" required value={username} onChange={(e) => setUsername(e.target.value)} />
      <TextField id="admin-password" label="Password" type="password" autoComplete="current-password" required value={password} onChange={(e) => setPassword(e.target.value)} />
      <button type="submit" className={`${button.primary} py-3`} disabled={busy}>
        {busy ? 'Signing in...' : 'Login'}
      </button>
      <Link href="/" className="text-center text-sm font-semibold text-rose-700 hover:text-rose-800 hover:underline">
        Back to Site
      </Link>
    </form>
  );
}
