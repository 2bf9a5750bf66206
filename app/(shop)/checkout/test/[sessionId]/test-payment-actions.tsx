'use client';

import { useState } from 'react';
import { toast } from 'sonner';
import { api } from '@/components/data/api';

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
        <div className="flex flex-col gap-1">
          <label htmlFor="receipt-email" className="text-sm font-medium">
            Email for your receipt
          </label>
          <input
            id="receipt-email"
            type="email"
            required
            value={email}
            onChange={(e) => setEmail(e.target.value)}
            autoComplete="email"
            className="rounded-lg border border-gray-300 px-3 py-2"
          />
        </div>
      )}
      <button
        type="submit"
        disabled={busy !== null}
        className="rounded-xl bg-emerald-700 px-6 py-3 text-lg font-semibold text-white hover:bg-emerald-800 disabled:opacity-70"
      >
        {busy === 'complete' ? 'Processing...' : 'Complete test payment'}
      </button>
      <button
        type="button"
        disabled={busy !== null}
        onClick={() => void act('cancel')}
        className="rounded-xl border border-gray-400 px-6 py-3 font-semibold hover:bg-gray-100 disabled:opacity-70"
      >
        Cancel payment
      </button>
    </form>
  );
}
