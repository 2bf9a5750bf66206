'use client';

import Link from 'next/link';
import { useState, type FormEvent } from 'react';
import { toast } from '@/components/ui/toast';
import { NewPasswordFields } from '@/components/admin/new-password-fields';
import { api } from '@/components/data/api';
import { Button, buttonClass } from '@/components/ui/button';

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
        <Link href="/admin/login" className={buttonClass({ size: 'lg' })}>
          Go to sign in
        </Link>
      </div>
    );
  }
  return (
    <form className="mt-6 flex flex-col gap-4" onSubmit={(e) => void submit(e)}>
      <NewPasswordFields idPrefix="invite" password={password} confirm={confirm} onPassword={setPassword} onConfirm={setConfirm} />
      <Button type="submit" size="lg" disabled={busy}>
        {busy ? 'Saving...' : 'Set password'}
      </Button>
    </form>
  );
}
