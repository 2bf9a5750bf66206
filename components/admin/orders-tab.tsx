'use client';

import { useState, type FormEvent } from 'react';
import { TextField } from '@/components/ui/field';
import { SelectField } from '@/components/ui/form-controls';
import { OrderCard } from './order-card';
import { RefundDialog } from './refund-dialog';
import { ResendEmailDialog } from './resend-email-dialog';
import { Button, buttonClass } from '@/components/ui/button';
import { Card } from '@/components/ui/card';
import { Pager } from './pager';
import type { AdminOrderResponse as AdminOrder } from '@/lib/contract/orders';
import { listPath, useAdminList, useDebounced } from './use-admin-list';

type Filters = { customer_email: string; start_date: string; end_date: string; status: 'paid' | 'open' | 'expired' | 'all' };

// docs/product.md §3: the status filter defaults to paid.
const INITIAL: Filters = { customer_email: '', start_date: '', end_date: '', status: 'paid' };
const NO_ORDERS: AdminOrder[] = [];
const PAGE_SIZE = 50;
const ORDERS_PATH = '/api/admin/orders';
const ordersOf = (body: unknown) => (body as { orders: AdminOrder[] }).orders;

export function OrdersTab({ username }: { username: string }) {
  const [draft, setDraft] = useState<Filters>(INITIAL);
  const [applied, setApplied] = useState<Filters>(INITIAL);
  const [search, setSearch] = useState('');
  const [offset, setOffset] = useState(0);
  const [resend, setResend] = useState<{ order: AdminOrder | null } | null>(null);
  const [refunding, setRefunding] = useState<AdminOrder | null>(null);
  const query = useDebounced(search.trim());
  // The filters, search and page are the cache key: a change loads them, the old list stays on screen meanwhile.
  const {
    data,
    isValidating: loading,
    mutate,
  } = useAdminList<AdminOrder>(ORDERS_PATH, { ...applied, search: query, limit: PAGE_SIZE, offset }, 'Failed to fetch orders', ordersOf);
  const orders = data?.rows ?? NO_ORDERS;
  const reload = async () => void (await mutate());

  function apply(event: FormEvent) {
    event.preventDefault();
    setOffset(0);
    // The same filters again still mean "fetch now".
    if (JSON.stringify(draft) === JSON.stringify(applied)) void reload();
    else setApplied(draft);
  }

  const set = (field: keyof Filters) => (e: { target: { value: string } }) => setDraft({ ...draft, [field]: e.target.value });

  return (
    <div className="flex flex-col gap-4">
      <Card as="form" className="grid items-end gap-3 sm:grid-cols-2 lg:grid-cols-[repeat(4,minmax(0,1fr))_auto]" onSubmit={apply} aria-label="Order filters">
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
          <Button type="submit">Apply Filters</Button>
          <Button variant="secondary" onClick={() => void reload()} disabled={loading}>
            Refresh
          </Button>
        </div>
      </Card>
      <div className="flex flex-wrap items-end justify-between gap-3">
        <div className="w-full max-w-xs">
          <TextField
            id="orders-search"
            label="Search email or session id"
            type="search"
            value={search}
            onChange={(e) => {
              setSearch(e.target.value);
              setOffset(0);
            }}
          />
        </div>
        <div className="flex flex-wrap gap-2">
          {/* Every line of every order under the applied filters and search, not just this page. */}
          <a className={buttonClass({ variant: 'secondary' })} href={listPath(`${ORDERS_PATH}.csv`, { ...applied, search: query })} download>
            Export CSV
          </a>
          <Button variant="secondary" onClick={() => setResend({ order: null })} disabled={orders.length === 0}>
            Resend Order Email
          </Button>
        </div>
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
            <OrderCard key={o.session_id} order={o} onResend={() => setResend({ order: o })} onRefund={() => setRefunding(o)} />
          ))}
        </ul>
      )}
      <Pager label="Orders" offset={offset} pageSize={PAGE_SIZE} shown={orders.length} total={data?.total ?? 0} onOffset={setOffset} />
      <RefundDialog order={refunding} onClose={() => setRefunding(null)} onRefunded={reload} />
      <ResendEmailDialog
        open={resend !== null}
        orders={orders}
        initial={resend?.order ?? null}
        username={username}
        onClose={() => setResend(null)}
        onSent={reload}
      />
    </div>
  );
}
