'use client';

import { useState } from 'react';
import { toast } from '@/components/ui/toast';
import { api, toastFailure } from './session';
import { useConfirm } from '@/components/ui/confirm';
import { formatDateTime, timeRemaining } from '@/lib/format';
import { SaleForm } from './sale-form';
import { Button } from '@/components/ui/button';
import { Card } from '@/components/ui/card';
import type { CategoryResponse as Category } from '@/lib/contract/catalog';
import type { ActiveSaleResponse as ActiveSale } from '@/lib/contract/sales';
import { adminPaths } from './use-admin-data';
import { useAdminList } from './use-admin-list';
import { Pager } from './pager';
import type { AllMatching } from './selection';
import { Badge } from '@/components/ui/badge';
import { Price, priceViewFromDollars } from '@/components/ui/price';

const PAGE_SIZE = 50;

type Props = { categories: Category[]; selectedIds: string[]; allMatching: AllMatching | null; onChanged: () => Promise<void> };

export function SalesTab({ categories, selectedIds, allMatching, onChanged }: Props) {
  const confirm = useConfirm();
  const [offset, setOffset] = useState(0);
  // A store-wide sale lists every product: paged on the server like the other lists.
  const { data, mutate } = useAdminList<ActiveSale>(adminPaths.activeSales, { limit: PAGE_SIZE, offset }, 'Failed to load active sales');
  const sales = data?.rows;
  const total = data?.total ?? 0;

  // A sale changes product prices too, so the catalogue reloads with the list.
  const afterChange = () => Promise.all([mutate(), onChanged()]).then(() => undefined);

  async function endSale(sale: ActiveSale) {
    const result = await api.post('/api/admin/end-sale', [sale.id]);
    if (!result.ok) return toastFailure(result.error, 'Failed to end sale');
    toast.success(`Sale ended for ${sale.title}`);
    await afterChange();
  }

  async function endAll() {
    const ok = await confirm({ title: 'End all sales', message: 'End every running and scheduled sale in the store now?', confirmLabel: 'End All Sales' });
    if (!ok) return;
    const result = await api.post('/api/admin/end-all-sales');
    if (!result.ok) return toastFailure(result.error, 'Failed to remove all sales');
    toast.success('All sales ended');
    await afterChange();
  }

  return (
    <div className="flex flex-col gap-6">
      <Card as="section" aria-labelledby="active-sales-title">
        <div className="mb-3 flex flex-wrap items-center justify-between gap-3">
          <h2 id="active-sales-title" className="text-lg font-bold">
            Active Sales {data && `(${total})`}
          </h2>
          <Button variant="danger" onClick={() => void endAll()} disabled={total === 0}>
            End All Sales
          </Button>
        </div>
        {sales === undefined ? (
          <p role="status">Loading...</p>
        ) : sales.length === 0 ? (
          <p className="text-gray-700">No active sales.</p>
        ) : (
          <ul className="divide-y divide-gray-100" aria-label="Active sales">
            {sales.map((sale) => (
              <li key={sale.id} className="flex flex-wrap items-center gap-x-6 gap-y-1 py-3 text-sm" data-testid="active-sale">
                <span className="min-w-48 flex-1 font-semibold">{sale.title}</span>
                <span className="text-gray-700">{sale.category ?? 'No category'}</span>
                <Price price={priceViewFromDollars(sale.original_price, sale.sale_price, true)} size="sm" />
                <Badge tone="sale">{sale.discount_percentage}% off</Badge>
                <span className="text-gray-700">
                  {/* eslint-disable-next-line react-hooks/purity -- a label as of this render; the list re-renders after every change */}
                  {sale.sale_start && Date.parse(sale.sale_start) > Date.now()
                    ? `Starts ${formatDateTime(sale.sale_start)} · ${timeRemaining(sale.sale_end)}`
                    : timeRemaining(sale.sale_end)}
                </span>
                <Button variant="danger" size="sm" onClick={() => void endSale(sale)} aria-label={`End Sale: ${sale.title}`}>
                  End Sale
                </Button>
              </li>
            ))}
          </ul>
        )}
        <Pager label="Active sales" offset={offset} pageSize={PAGE_SIZE} shown={sales?.length ?? 0} total={total} onOffset={setOffset} />
      </Card>
      <SaleForm categories={categories} selectedIds={selectedIds} allMatching={allMatching} onApplied={afterChange} />
    </div>
  );
}
