'use client';

import { useState } from 'react';
import { formatDate } from '@/lib/format';
import { dollarsToCents, formatAud } from '@/lib/format';
import { Button } from '@/components/ui/button';
import { Card } from '@/components/ui/card';
import { Input } from '@/components/ui/field';
import { DiscountCodesSection } from './discount-codes-section';
import { TableHead } from './table-head';
import { Pager } from './pager';
import type { VoucherResponse as Voucher } from '@/lib/contract/vouchers';
import { adminPaths } from './use-admin-data';
import { useAdminList, useDebounced } from './use-admin-list';
import { VoucherActions, VoucherStatusBadge } from './voucher-actions';
import { VoucherForm } from './voucher-form';
import { ScrollRegion } from '@/components/ui/scroll-region';

const valueText = (v: Voucher) => (v.type === 'percentage' ? `${v.value}%` : formatAud(dollarsToCents(v.value)));
const balanceText = (v: Voucher) =>
  v.current_balance === null ? '—' : `${formatAud(dollarsToCents(v.current_balance))} of ${formatAud(dollarsToCents(v.original_balance ?? 0))}`;

const PAGE_SIZE = 50;

type View = 'gift' | 'discounts';
const VIEWS: [View, string][] = [
  ['gift', 'Gift vouchers'],
  ['discounts', 'Discount codes'],
];

/** Admin → Vouchers: gift vouchers (one customer's code) and discount codes (campaigns for everyone), one at a time. */
export function VouchersTab() {
  const [view, setView] = useState<View>('gift');
  return (
    <div className="flex flex-col gap-6">
      <div role="group" aria-label="Kind of code" className="flex flex-wrap gap-2">
        {VIEWS.map(([value, label]) => (
          <Button key={value} variant={view === value ? 'primary' : 'secondary'} aria-pressed={view === value} onClick={() => setView(value)}>
            {label}
          </Button>
        ))}
      </div>
      {view === 'gift' ? <GiftVouchers /> : <DiscountCodesSection />}
    </div>
  );
}

function GiftVouchers() {
  const [search, setSearch] = useState('');
  const [offset, setOffset] = useState(0);
  const query = useDebounced(search.trim());
  const { data, mutate } = useAdminList<Voucher>(adminPaths.vouchers, { search: query, limit: PAGE_SIZE, offset }, 'Failed to load vouchers');
  const vouchers = data?.rows;

  return (
    <div className="flex flex-col gap-6">
      <VoucherForm onCreated={async () => void (await mutate())} />
      <Card as="section" aria-labelledby="vouchers-title">
        <h2 id="vouchers-title" className="mb-3 text-lg font-bold">
          Vouchers
        </h2>
        <div className="mb-3 max-w-xs">
          <label htmlFor="voucher-search" className="sr-only">
            Search vouchers
          </label>
          <Input
            id="voucher-search"
            type="search"
            placeholder="Search by code or email..."
            value={search}
            onChange={(e) => {
              setSearch(e.target.value);
              setOffset(0);
            }}
          />
        </div>
        {vouchers === undefined ? (
          <p role="status">Loading...</p>
        ) : vouchers.length === 0 ? (
          <p className="text-gray-700">{query ? 'No vouchers found' : 'No vouchers yet.'}</p>
        ) : (
          <ScrollRegion label="Voucher list">
            <table className="w-full text-left text-sm">
              <TableHead columns={['Code', 'Email', 'Type', 'Value', 'Usage', 'Balance', 'Status', 'Created', 'Actions']} />
              <tbody className="divide-y divide-gray-100">
                {vouchers.map((v) => (
                  <tr key={v.id} data-testid="voucher-row">
                    <td className="px-2 py-2 font-mono font-semibold">{v.code}</td>
                    <td className="px-2 py-2">{v.customer_email || '—'}</td>
                    <td className="px-2 py-2">{v.type === 'percentage' ? 'Percentage' : 'Amount'}</td>
                    <td className="px-2 py-2">{valueText(v)}</td>
                    <td className="px-2 py-2">{v.usage_type === 'reusable' ? 'Reusable gift card' : 'One-time'}</td>
                    <td className="px-2 py-2">{balanceText(v)}</td>
                    <td className="px-2 py-2">
                      <VoucherStatusBadge voucher={v} />
                    </td>
                    <td className="px-2 py-2">{formatDate(v.created_at)}</td>
                    <td className="px-2 py-2">
                      <VoucherActions voucher={v} onChanged={async () => void (await mutate())} />
                    </td>
                  </tr>
                ))}
              </tbody>
            </table>
          </ScrollRegion>
        )}
        <Pager label="Vouchers" offset={offset} pageSize={PAGE_SIZE} shown={vouchers?.length ?? 0} total={data?.total ?? 0} onOffset={setOffset} />
      </Card>
    </div>
  );
}
