'use client';

import { useState, type FormEvent } from 'react';
import { toast } from '@/components/ui/toast';
import { api } from '@/components/data/api';
import { Button } from '@/components/ui/button';
import { TextField } from '@/components/ui/field';
import { CheckboxField } from '@/components/ui/form-controls';
import { TextButton } from '@/components/ui/text-button';

type Props = { challenge: string; onSignedIn: (username: string) => void; onRestart: () => void };

const ENDED = 'This sign-in has expired. Please sign in again.';

/** Sign-in's second step: a code from the authenticator app, or a recovery code; 5 minutes and 5 tries. */
export function TwoFactorStep({ challenge, onSignedIn, onRestart }: Props) {
  const [code, setCode] = useState('');
  const [trust, setTrust] = useState(false);
  const [busy, setBusy] = useState(false);

  async function submit(event: FormEvent) {
    event.preventDefault();
    setBusy(true);
    const result = await api.post<{ username: string }>('/api/auth/login/two-factor', { challenge, code, trust_browser: trust });
    setBusy(false);
    if (result.ok) return onSignedIn(result.body.username);
    toast.error(result.error.detail ?? 'Invalid code');
    setCode('');
    if (result.error.detail === ENDED) onRestart();
  }

  return (
    <form className="mt-6 flex flex-col gap-4" onSubmit={(e) => void submit(e)} aria-labelledby="two-factor-heading">
      <h2 id="two-factor-heading" className="text-lg font-bold">
        Two-factor sign-in
      </h2>
      <TextField
        id="admin-code"
        label="Code from your authenticator app"
        hint="Or one of your recovery codes"
        autoComplete="one-time-code"
        autoFocus
        required
        value={code}
        onChange={(e) => setCode(e.target.value)}
      />
      <CheckboxField id="admin-trust" label="Trust this browser for 30 days" checked={trust} onChange={(e) => setTrust(e.target.checked)} />
      <Button type="submit" size="lg" disabled={busy}>
        {busy ? 'Checking...' : 'Verify'}
      </Button>
      <TextButton className="link text-center text-sm" onClick={onRestart}>
        Start again
      </TextButton>
    </form>
  );
}
