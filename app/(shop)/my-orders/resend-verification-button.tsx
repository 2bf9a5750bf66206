'use client';

import { useState } from 'react';
import { toast } from '@/components/ui/toast';
import { api } from '@/components/data/api';
import { Button } from '@/components/ui/button';

/** For a lost welcome email: a fresh confirmation link to the signed-in address. */
export function ResendVerificationButton() {
  const [busy, setBusy] = useState(false);
  return (
    <Button
      variant="secondary"
      disabled={busy}
      className="mt-2 border-warning-700 text-warning-900 hover:bg-warning-100"
      onClick={async () => {
        setBusy(true);
        const result = await api.post<{ message?: string } | null>('/api/auth/resend-verification');
        if (result.ok) toast.success(result.body?.message ?? 'Confirmation email sent');
        else toast.error(result.error.detail ?? 'Failed to send confirmation email');
        setBusy(false);
      }}
    >
      Send the confirmation email again
    </Button>
  );
}
