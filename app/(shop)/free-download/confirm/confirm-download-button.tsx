'use client';

import { useRouter } from 'next/navigation';
import { useState } from 'react';
import { toast } from '@/components/ui/toast';
import { api } from '@/components/data/api';
import { Button } from '@/components/ui/button';
import type { FreeDownloadConfirmResponse } from '@/lib/contract/free-downloads';

type Props = { token: string; title: string; maskedEmail: string };

/** Uses the link (POST /api/free-downloads/confirm) and goes to the order's download page. */
export function ConfirmDownloadButton({ token, title, maskedEmail }: Props) {
  const router = useRouter();
  const [busy, setBusy] = useState(false);

  async function confirm() {
    setBusy(true);
    const result = await api.post<FreeDownloadConfirmResponse>('/api/free-downloads/confirm', { token });
    if (!result.ok) {
      setBusy(false);
      return void toast.error(result.error.detail ?? 'Could not get your download. Please try again.');
    }
    router.push(`/success?session_id=${encodeURIComponent(result.body.session_id)}`);
  }

  return (
    <div className="mt-6 flex flex-col items-center gap-4 text-center">
      <p className="text-gray-700">
        Get &ldquo;{title}&rdquo; for {maskedEmail}. We also email you the download link and your licence.
      </p>
      <Button size="lg" disabled={busy} onClick={() => void confirm()}>
        {busy ? 'Getting your download...' : 'Get my download'}
      </Button>
    </div>
  );
}
