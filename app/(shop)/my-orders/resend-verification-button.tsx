'use client';

import { useState } from 'react';
import { toast } from 'sonner';
import { api } from '@/components/data/api';

/** For a lost welcome email: a fresh confirmation link to the signed-in address. */
export function ResendVerificationButton() {
  const [busy, setBusy] = useState(false);
  return (
    <button
      type="button"
      disabled={busy}
      className="mt-2 rounded-lg border border-amber-700 px-3 py-1.5 font-semibold text-amber-900 hover:bg-amber-100 disabled:opacity-60"
      onClick={async () => {
        setBusy(true);
        const result = await api.post<{ message?: string } | null>('/api/auth/resend-verification');
        if (result.ok) toast.success(result.body?.message ?? 'Confirmation email sent');
        else toast.error(result.error.detail ?? 'Failed to send confirmation email');
        setBusy(false);
      }}
    >
      Send the confirmation email again
    </button>
  );
}
