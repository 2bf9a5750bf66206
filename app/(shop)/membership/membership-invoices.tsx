'use client';

import { useEffect, useState } from 'react';
import { api } from '@/components/data/api';
import type { MembershipPaymentsResponse } from '@/lib/contract/membership';
import { dollarsToCents, formatAud, formatDate } from '@/lib/format';

type Payment = MembershipPaymentsResponse['payments'][number];

/** Each paid membership period with its invoice PDF (a tax invoice when the shop is registered for GST). */
export function MembershipInvoices({ userId }: { userId: string }) {
  const [payments, setPayments] = useState<Payment[]>([]);

  useEffect(() => {
    let cancelled = false;
    void api.get<MembershipPaymentsResponse>(`/api/membership/payments/${encodeURIComponent(userId)}`).then((result) => {
      // The list is a convenience beside the plan: when it cannot load, the panel simply shows none.
      if (!cancelled && result.ok) setPayments(result.body.payments);
    });
    return () => {
      cancelled = true;
    };
  }, [userId]);

  if (payments.length === 0) return null;
  return (
    <section className="mx-auto mt-8 max-w-sm text-left" aria-labelledby="membership-invoices-heading" data-testid="membership-invoices">
      <h2 id="membership-invoices-heading" className="font-bold">
        Invoices
      </h2>
      <ul className="mt-2 divide-y divide-gray-200">
        {payments.map((p) => (
          <li key={p.session_id} className="flex items-center justify-between gap-3 py-2 text-sm">
            <span>
              {formatDate(p.paid_at)} · {p.plan_interval === 'year' ? 'Yearly' : 'Monthly'} · {formatAud(dollarsToCents(p.amount))}
            </span>
            <a href={p.invoice_url} target="_blank" rel="noopener noreferrer" className="link underline">
              Invoice
            </a>
          </li>
        ))}
      </ul>
    </section>
  );
}
