'use client';

import { useState } from 'react';
import { toast } from '@/components/ui/toast';
import { api } from '@/components/data/api';
import { Button } from '@/components/ui/button';
import { TextField } from '@/components/ui/field';

export function TestPaymentActions({ sessionId, needsEmail }: { sessionId: string; needsEmail: boolean }) {
  const [email, setEmail] = useState('');
  const [busy, setBusy] = useState<'complete' | 'cancel' | null>(null);

  async function act(action: 'complete' | 'cancel') {
    setBusy(action);
    const result = await api.post<{ redirect_url: string }>(
      `/api/checkout/test/${encodeURIComponent(sessionId)}/${action}`,
      action === 'complete' && email ? { email } : {},
    );
    if (result.ok && result.body) return window.location.assign(result.body.redirect_url);
    toast.error((!result.ok && result.error.detail) || 'Test payment failed');
    setBusy(null);
  }

  return (
    <form
      className="mt-6 flex flex-col gap-4"
      onSubmit={(e) => {
        e.preventDefault();
        void act('complete');
      }}
    >
      {needsEmail && (
        <TextField
          id="receipt-email"
          label="Email for your receipt"
          type="email"
          required
          value={email}
          onChange={(e) => setEmail(e.target.value)}
          autoComplete="email"
        />
      )}
      <Button type="submit" variant="success" size="lg" disabled={busy !== null} className="rounded-xl text-lg">
        {busy === 'complete' ? 'Processing...' : 'Complete test payment'}
      </Button>
      <Button variant="secondary" size="lg" disabled={busy !== null} onClick={() => void act('cancel')} className="rounded-xl border-gray-400">
        Cancel payment
      </Button>
    </form>
  );
}
