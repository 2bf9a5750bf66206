'use client';

import { useState, type FormEvent } from 'react';
import { toast } from '@/components/ui/toast';
import { Button } from '@/components/ui/button';
import { TextField } from '@/components/ui/field';
import { api, toastFailure } from '../session';
import { RecoveryCodes } from './recovery-codes';

/**
 * Two-factor sign-in while it is on: ten new recovery codes for a current code
 * from the app (the old ones stop working), and Turn off with the password,
 * offered only where the member's role may go without it.
 */
export function TwoFactorManage({ canTurnOff, onTurnedOff }: { canTurnOff: boolean; onTurnedOff: () => void }) {
  const [code, setCode] = useState('');
  const [password, setPassword] = useState('');
  const [codes, setCodes] = useState<string[] | null>(null);
  const [busy, setBusy] = useState(false);

  async function newCodes(event: FormEvent) {
    event.preventDefault();
    setBusy(true);
    const result = await api.post<{ recovery_codes: string[] }>('/api/admin/account/two-factor/recovery-codes', { code });
    setBusy(false);
    if (!result.ok) return toastFailure(result.error, 'That code did not work');
    setCode('');
    setCodes(result.body.recovery_codes);
  }

  async function turnOff(event: FormEvent) {
    event.preventDefault();
    setBusy(true);
    const result = await api.del('/api/admin/account/two-factor', { password });
    setBusy(false);
    if (!result.ok) return toastFailure(result.error, 'Failed to turn off two-factor sign-in');
    toast.success('Two-factor sign-in is off');
    onTurnedOff();
  }

  if (codes) return <RecoveryCodes codes={codes} onDone={() => setCodes(null)} />;
  return (
    <div className="grid gap-6 md:grid-cols-2">
      <form className="flex flex-col gap-3" onSubmit={(e) => void newCodes(e)} aria-labelledby="new-recovery-codes-title">
        <h3 id="new-recovery-codes-title" className="font-semibold">
          New recovery codes
        </h3>
        <TextField
          id="recovery-codes-app-code"
          label="Code from the app"
          hint="Your old recovery codes stop working."
          inputMode="numeric"
          autoComplete="one-time-code"
          required
          value={code}
          onChange={(e) => setCode(e.target.value)}
        />
        <Button type="submit" variant="secondary" className="self-start" disabled={busy}>
          Make new codes
        </Button>
      </form>
      {canTurnOff && (
        <form className="flex flex-col gap-3" onSubmit={(e) => void turnOff(e)} aria-labelledby="turn-off-title">
          <h3 id="turn-off-title" className="font-semibold">
            Turn off
          </h3>
          <TextField
            id="turn-off-password"
            label="Your password"
            type="password"
            autoComplete="current-password"
            required
            value={password}
            onChange={(e) => setPassword(e.target.value)}
          />
          <Button type="submit" variant="danger" size="sm" className="self-start" disabled={busy}>
            Turn off two-factor sign-in
          </Button>
        </form>
      )}
    </div>
  );
}
