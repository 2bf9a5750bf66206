'use client';

import Link from 'next/link';
import { useState, type FormEvent } from 'react';
import { toast } from 'sonner';
import { NewPasswordFields } from '@/components/admin/new-password-fields';
import { button } from '@/components/admin/styles';
import { api } from '@/components/data/api';

export function SetPasswordForm({ token }: { token: string }) {
  const [password, setPassword] = useState('');
  const [confirm, setConfirm] = useState('');
  const [busy, setBusy] = useState(false);
  const [username, setUsername] = useState<string | null>(null);

  async function submit(event: FormEvent) {
    event.preventDefault();
    if (password !== confirm) return void toast.error('Passwords do not match');
    setBusy(true);
    const result = await api.post<{ username: string }>('/api/auth/accept-invite', { token, new_password: password });
    setBusy(false);
    if (!result.ok) return void toast.error(result.error.detail ?? 'Failed to set password');
    setUsername(result.body.username);
  }

  if (username) {
    return (
      <div className="mt-6 flex flex-col gap-4 text-center" role="status">
        <p>
          Your password is set. Sign in with <span className="font-semibold">{username}</span>.
        </p>
        <Link href="/admin/login" className={`${button.primary} py-3`}>
          Go to sign in
        </Link>
      </div>
    );
  }
  return (
    <form className="mt-6 flex flex-col gap-4" onSubmit={(e) => void submit(e)}>
      <NewPasswordFields idPrefix="invite" password={password} confirm={confirm} onPassword={setPassword} onConfirm={setConfirm} />
      <button type="submit" className={`${button.primary} py-3`} disabled={busy}>
        {busy ? 'Saving...' : 'Set password'}
      </button>
    </form>
  );
}
