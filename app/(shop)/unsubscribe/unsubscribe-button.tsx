'use client';

import { useState } from 'react';
import { toast } from '@/components/ui/toast';
import { api } from '@/components/data/api';
import { Button } from '@/components/ui/button';
import { Notice } from '@/components/ui/card';

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
      <Notice tone="success" className="mt-6 text-center text-base" role="status">
        {maskedEmail} no longer receives {label}.
      </Notice>
    );
  }
  return (
    <div className="mt-6 flex flex-col items-center gap-4 text-center">
      <p className="text-gray-700">
        Stop sending {label} to {maskedEmail}? Emails about your orders and account still arrive.
      </p>
      <Button size="lg" disabled={busy} onClick={() => void unsubscribe()}>
        {busy ? 'Unsubscribing...' : `Unsubscribe from ${label}`}
      </Button>
    </div>
  );
}
