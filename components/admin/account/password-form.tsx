'use client';

import { useState, type FormEvent } from 'react';
import { toast } from '@/components/ui/toast';
import { Button } from '@/components/ui/button';
import { Card } from '@/components/ui/card';
import { TextField } from '@/components/ui/field';
import { NewPasswordFields } from '../new-password-fields';
import { api, toastFailure } from '../session';

/** One's own new password, with the current one; other sessions end (the server says so). */
export function PasswordForm({ onChanged }: { onChanged: () => Promise<void> }) {
  const [current, setCurrent] = useState('');
  const [next, setNext] = useState('');
  const [confirmNext, setConfirmNext] = useState('');
  const [busy, setBusy] = useState(false);

  async function submit(event: FormEvent) {
    event.preventDefault();
    if (next !== confirmNext) return void toast.error('Passwords do not match');
    setBusy(true);
    const result = await api.put('/api/admin/account/password', { current_password: current, new_password: next });
    setBusy(false);
    if (!result.ok) return toastFailure(result.error, 'Failed to change password');
    toast.success('Password changed. Your other sessions have ended.');
    setCurrent('');
    setNext('');
    setConfirmNext('');
    await onChanged();
  }

  return (
    <Card as="form" className="flex flex-col gap-4" onSubmit={(e) => void submit(e)} aria-labelledby="password-title">
      <h2 id="password-title" className="text-lg font-bold">
        Change password
      </h2>
      <TextField
        id="current-password"
        label="Current password"
        type="password"
        autoComplete="current-password"
        required
        value={current}
        onChange={(e) => setCurrent(e.target.value)}
      />
      <NewPasswordFields idPrefix="account" password={next} confirm={confirmNext} onPassword={setNext} onConfirm={setConfirmNext} />
      <Button type="submit" className="self-start" disabled={busy}>
        {busy ? 'Saving...' : 'Change password'}
      </Button>
    </Card>
  );
}
