'use client';

import { useEffect, useState } from 'react';
import { useStoredUser } from '@/components/account/use-user';
import { api } from '@/components/data/api';
import { LicenceUpgrades } from '@/components/orders/licence-upgrade';
import type { OrderLicenceResponse } from '@/lib/contract/licences';
import type { CustomerOrdersResponse } from '@/lib/contract/orders';

/** The signed-in owner's licence of this item, found in their orders, with its upgrades. */
export function OwnedLicence({ productId }: { productId: string }) {
  const user = useStoredUser();
  const [licence, setLicence] = useState<OrderLicenceResponse | null>(null);
  useEffect(() => {
    if (!user) return;
    let live = true;
    void api.get<CustomerOrdersResponse>(`/api/orders/${encodeURIComponent(user.id)}`).then((answer) => {
      if (!live || !answer.ok) return;
      const lines = answer.body.orders.flatMap((o) => o.products).filter((p) => p.id === productId && p.licence?.status === 'valid');
      setLicence(lines[0]?.licence ?? null);
    });
    return () => {
      live = false;
    };
  }, [user, productId]);
  if (!licence) return null;
  return (
    <div className="rounded-xl bg-gray-50 p-4 text-sm" data-testid="owned-licence">
      <p className="mb-2">
        You hold the <strong>{licence.name}</strong> licence <span className="font-mono">{licence.id}</span>.
      </p>
      <LicenceUpgrades productId={productId} licence={licence} />
    </div>
  );
}
