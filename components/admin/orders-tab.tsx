'use client';

import { useCallback, useEffect, useState, type FormEvent } from 'react';
import { api, toastFailure } from './api';
import { SelectField, TextField } from './field';
import { OrderCard } from './order-card';
import { ResendEmailDialog } from './resend-email-dialog';
import { button, card } from './styles';
import type { AdminOrder } from './types';

type Filters = { customer_email: string; start_date: string; end_date: string; status: 'paid' | 'open' | 'expired' | 'all' };

// SPEC §3: the status filter defaults to paid.
const INITIAL: Filters = { customer_email: '', start_date: '', end_date: '', status: 'paid' };

export function OrdersTab({ username }: { username: string }) {
  const [draft, setDraft] = useState<Filters>(INITIAL);
  const [applied, setApplied] = useState<Filters>(INITIAL);
  const [orders, setOrders] = useState<AdminOrder[]>([]);
  const [loading, setLoading] = useState(false);
  const [resend, setResend] = useState<{ order: AdminOrder | null } | null>(null);

  const load = useCallback(async (filters: Filters) => {
    setLoading(true);
    const query = new URLSearchParams(Object.entries(filters).filter(([, v]) => v !== ''));
    const result = await api.get<{ orders: AdminOrder[] }>(`/api/admin/orders?${query}`);
    setLoading(false);
    if (!result.ok) return toastFailure(result, 'Failed to fetch orders');
    setOrders(result.body.orders);
  }, []);

  useEffect(() => {
    // eslint-disable-next-line react-hooks/set-state-in-effect -- loads on mount (state is set when the request answers); the admin data layer of issue #14 §5 replaces this
    void load(INITIAL);
  }, [load]);

  function apply(event: FormEvent) {
    event.preventDefault();
    setApplied(draft);
    void load(draft);
  }

  const set = (field: keyof Filters) => (e: { target: { value: string } }) => setDraft({ ...draft, [field]: e.target.value });

  return (
    <div className="flex flex-col gap-4">
      <form className={`${card} grid items-end gap-3 sm:grid-cols-2 lg:grid-cols-[repeat(4,minmax(0,1fr))_auto]`} onSubmit={apply} aria-label="Order filters">
        <TextField id="orders-email" label="Customer email" type="search" value={draft.customer_email} onChange={set('customer_email')} />
        <TextField id="orders-start" label="Start date" type="date" value={draft.start_date} onChange={set('start_date')} />
        <TextField id="orders-end" label="End date" type="date" value={draft.end_date} onChange={set('end_date')} />
        <SelectField id="orders-status" label="Status" value={draft.status} onChange={set('status')}>
          <option value="paid">Paid</option>
          <option value="open">Open</option>
          <option value="expired">Expired</option>
          <option value="all">All</option>
        </SelectField>
        <div className="flex gap-2">
          <button type="submit" className={button.primary}>
            Apply Filters
          </button>
          <button type="button" className={button.secondary} onClick={() => void load(applied)} disabled={loading}>
            Refresh
          </button>
        </div>
      </form>
      <div className="flex justify-end">
        <button type="button" className={button.secondary} onClick={() => setResend({ order: null })} disabled={orders.length === 0}>
          Resend Order Email
        </button>
      </div>
      {loading && (
        <p role="status" className="text-gray-700">
          Loading orders...
        </p>
      )}
      {!loading && orders.length === 0 ? (
        <p className="py-8 text-center text-gray-700">No orders found. Click Apply Filters to load orders.</p>
      ) : (
        <ul className="flex flex-col gap-4" aria-label="Orders">
          {orders.map((o) => (
            <OrderCard key={o.session_id} order={o} onResend={() => setResend({ order: o })} />
          ))}
        </ul>
      )}
      <ResendEmailDialog open={resend !== null} orders={orders} initial={resend?.order ?? null} username={username} onClose={() => setResend(null)} onSent={() => load(applied)} />
    </div>
  );
}
