'use client';

import { useState, type FormEvent } from 'react';
import { toast } from '@/components/ui/toast';
import type { z } from 'zod';
import { Button } from '@/components/ui/button';
import { TextField } from '@/components/ui/field';
import type { twoFactorEnrolmentResponse } from '@/lib/contract/staff';
import { api, toastFailure } from '../session';
import { RecoveryCodes } from './recovery-codes';

type Enrolment = z.infer<typeof twoFactorEnrolmentResponse>;

/** Scan the QR code (or type the secret) into an authenticator app, then confirm with its code. */
export function TwoFactorSetup({ onEnabled }: { onEnabled: () => void }) {
  const [enrolment, setEnrolment] = useState<Enrolment | null>(null);
  const [code, setCode] = useState('');
  const [codes, setCodes] = useState<string[] | null>(null);
  const [busy, setBusy] = useState(false);

  async function start() {
    setBusy(true);
    const result = await api.post<Enrolment>('/api/admin/account/two-factor');
    setBusy(false);
    if (!result.ok) return toastFailure(result.error, 'Failed to start two-factor set-up');
    setEnrolment(result.body);
  }

  async function confirm(event: FormEvent) {
    event.preventDefault();
    setBusy(true);
    const result = await api.post<{ recovery_codes: string[] }>('/api/admin/account/two-factor/confirm', { code });
    setBusy(false);
    if (!result.ok) return toastFailure(result.error, 'That code did not work');
    toast.success('Two-factor sign-in is on');
    setCodes(result.body.recovery_codes);
  }

  if (codes) return <RecoveryCodes codes={codes} onDone={onEnabled} />;
  if (!enrolment) {
    return (
      <Button className="self-start" onClick={() => void start()} disabled={busy}>
        Set up two-factor sign-in
      </Button>
    );
  }
  return (
    <div className="flex flex-col gap-4 sm:flex-row sm:items-start">
      {/* A data: URL of an SVG drawn on the server: the secret never goes to another service. */}
      {/* eslint-disable-next-line @next/next/no-img-element -- a data: URL, nothing for the image optimiser to do */}
      <img src={enrolment.qr_code} alt="QR code for your authenticator app" width={200} height={200} className="rounded-lg border border-gray-200" />
      <form className="flex flex-col gap-3" onSubmit={(e) => void confirm(e)}>
        <p className="text-sm text-gray-800">Scan the QR code with an authenticator app, or type this key into it:</p>
        <code className="break-all rounded bg-gray-100 px-2 py-1 font-mono text-sm" data-testid="totp-secret">
          {enrolment.secret}
        </code>
        <TextField
          id="totp-confirm-code"
          label="Code from the app"
          inputMode="numeric"
          autoComplete="one-time-code"
          pattern="[0-9 ]{6,7}"
          required
          value={code}
          onChange={(e) => setCode(e.target.value)}
        />
        <Button type="submit" className="self-start" disabled={busy}>
          Turn on
        </Button>
      </form>
    </div>
  );
}
