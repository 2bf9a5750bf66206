'use client';

import Link from 'next/link';
import { useEffect, useState } from 'react';
import { toast } from '@/components/ui/toast';
import { api } from '@/components/data/api';
import { LoadingPanel, PageIcon } from '@/components/ui/card';
import { BagIcon } from '@/components/ui/content-icons';
import { buttonClass } from '@/components/ui/button';
import { useLoginRedirect } from '@/components/account/use-login-redirect';
import { readStoredUser } from '@/components/account/use-user';
import { OrderCard } from './order-card';
import type { CustomerOrderResponse, CustomerOrdersResponse } from '@/lib/contract/orders';
import type { CustomerVouchersResponse } from '@/lib/contract/vouchers';
import { VoucherList } from './voucher-list';

const LOGIN_MESSAGE = 'Please login to view your orders';

type State = { kind: 'loading' } | { kind: 'failed' } | { kind: 'ready'; orders: CustomerOrderResponse[]; vouchers: CustomerVouchersResponse | null };

export function MyOrdersView() {
  const toLogin = useLoginRedirect();
  const [state, setState] = useState<State>({ kind: 'loading' });

  useEffect(() => {
    const user = readStoredUser();
    if (!user) return toLogin(LOGIN_MESSAGE);
    let cancelled = false;
    void (async () => {
      const [orders, vouchers] = await Promise.all([
        api.get<CustomerOrdersResponse>(`/api/orders/${encodeURIComponent(user.id)}`),
        api.get<CustomerVouchersResponse>('/api/account/vouchers'),
      ]);
      if (cancelled) return;
      // The stored record outlived its server session (logout elsewhere, password reset)
      // or names another account than the session cookie (404): sign in again.
      if (!orders.ok && (orders.error.status === 401 || orders.error.status === 404)) return toLogin(LOGIN_MESSAGE);
      if (!orders.ok) {
        toast.error('Failed to load orders');
        return setState({ kind: 'failed' });
      }
      setState({ kind: 'ready', orders: orders.body.orders, vouchers: vouchers.ok ? vouchers.body : null });
    })();
    return () => {
      cancelled = true;
    };
  }, [toLogin]);

  return (
    <>
      <div className="flex flex-wrap items-baseline justify-between gap-2">
        <h1 className="text-3xl font-extrabold tracking-tight">My Orders</h1>
        <Link href="/account/email" className="text-sm text-brand-700 underline">
          Email preferences
        </Link>
      </div>
      {state.kind === 'loading' && <LoadingPanel label="Loading your orders..." />}
      {state.kind === 'failed' && (
        <p className="mt-8 rounded-2xl bg-white p-8 text-center text-gray-700 shadow-sm">
          Your orders could not be loaded. Please refresh the page to try again.
        </p>
      )}
      {state.kind === 'ready' && (
        <>
          {state.vouchers && <VoucherList {...state.vouchers} />}
          {state.orders.length === 0 ? (
            <NoOrders />
          ) : (
            <ul className="mt-8 flex flex-col gap-6" aria-label="Orders">
              {state.orders.map((order) => (
                <OrderCard key={order.session_id} order={order} />
              ))}
            </ul>
          )}
        </>
      )}
    </>
  );
}

function NoOrders() {
  return (
    <div className="mt-8 rounded-2xl bg-white p-12 text-center shadow-sm">
      <PageIcon>
        <BagIcon className="h-8 w-8" />
      </PageIcon>
      <h2 className="mt-4 text-xl font-bold">No Orders Yet</h2>
      <p className="mt-2 text-gray-700">Your purchases and their downloads will appear here.</p>
      <Link href="/products" className={buttonClass({ size: 'lg', className: 'mt-6' })}>
        Start Shopping
      </Link>
    </div>
  );
}
