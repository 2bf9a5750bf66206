'use client';

import { useRouter } from 'next/navigation';
import { useState } from 'react';
import { toast } from '@/components/ui/toast';
import { api } from '@/components/data/api';
import type { CheckoutSessionResponse } from '@/lib/contract/checkout';
import type { OrderLicenceResponse } from '@/lib/contract/licences';
import { Badge } from '@/components/ui/badge';
import { Button } from '@/components/ui/button';
import { dollarsToCents, formatAud } from '@/lib/format';

/**
 * A licence's tier, its certificate and its upgrades (Decision 081): each
 * upgrade is a checkout of its own for the difference; one that costs nothing
 * completes at once, like any $0 checkout.
 */
export function LicenceSummary({ productId, licence }: { productId: string; licence: OrderLicenceResponse }) {
  return (
    <div className="mt-2 flex flex-col gap-2 text-sm" data-testid="order-licence">
      <p>
        <span className="font-semibold">{licence.name} licence</span> <span className="font-mono text-gray-700">{licence.id}</span>
        {licence.status === 'revoked' && (
          <Badge tone="danger" className="ml-2">
            Revoked
          </Badge>
        )}
      </p>
      <p className="flex flex-wrap gap-3">
        <a href={licence.certificate_url} target="_blank" rel="noopener noreferrer" className="font-semibold text-accent-800 underline">
          Licence certificate
        </a>
        <a href={`/licence/${encodeURIComponent(licence.id)}`} className="text-accent-800 underline">
          Verification page
        </a>
      </p>
      <LicenceUpgrades productId={productId} licence={licence} />
    </div>
  );
}

export function LicenceUpgrades({ productId, licence }: { productId: string; licence: OrderLicenceResponse }) {
  const router = useRouter();
  const [busy, setBusy] = useState(false);
  if (licence.upgrades.length === 0) return null;

  async function upgrade(key: string) {
    setBusy(true);
    const answer = await api.post<CheckoutSessionResponse>('/api/checkout/session', [{ product_id: productId, licence: key, upgrade_licence_id: licence.id }]);
    if (!answer.ok) {
      toast.error(answer.error.detail ?? 'Failed to initiate checkout');
      setBusy(false);
      return;
    }
    const session = answer.body;
    if (session.free_checkout) router.push(`/success?session_id=${encodeURIComponent(session.session_id)}`);
    else window.location.assign(session.url);
  }

  return (
    <div className="flex flex-wrap gap-2" aria-label="Upgrade this licence">
      {licence.upgrades.map((u) => (
        <Button key={u.key} variant="outline" size="sm" disabled={busy} onClick={() => void upgrade(u.key)}>
          Upgrade to {u.name} ({formatAud(dollarsToCents(u.price))})
        </Button>
      ))}
    </div>
  );
}
