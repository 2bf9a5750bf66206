'use client';

import { useState } from 'react';
import { toast } from 'sonner';
import { primaryButton } from '@/components/account/styles';
import { api } from '@/components/data/api';

type Props = { token: string; label: string; maskedEmail: string; subscribed: boolean };

/** Turns the link's kind of email off with one press: POST /api/email/unsubscribe. */
export function UnsubscribeButton({ token, label, maskedEmail, subscribed }: Props) {
  const [done, setDone] = useState(!subscribed);
  const [busy, setBusy] = useState(false);

  async function unsubscribe() {
    setBusy(true);
    const result = await api.form('/api/email/unsubscribe', { token });
    setBusy(false);
    if (!result.ok) return void toast.error(result.error.detail ?? 'Failed to unsubscribe. Please try again.');
    setDone(true);
  }

  if (done) {
    return (
      <p className="mt-6 rounded-xl bg-emerald-50 p-4 text-center text-emerald-900" role="status">
        {maskedEmail} no longer receives {label}.
      </p>
    );
  }
  return (
    <div className="mt-6 flex flex-col items-center gap-4 text-center">
      <p className="text-gray-700">
        Stop sending {label} to {maskedEmail}? Emails about your orders and account still arrive.
      </p>
      <button type="button" className={primaryButton} disabled={busy} onClick={() => void unsubscribe()}>
        {busy ? 'Unsubscribing...' : `Unsubscribe from ${label}`}
      </button>
    </div>
  );
}
