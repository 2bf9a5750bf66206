'use client';

import { useState } from 'react';
import { toast } from '@/components/ui/toast';
import type { DiscountCodeDeleteResponse, DiscountCodeResponse as DiscountCode } from '@/lib/contract/discounts';
import { dollarsToCents, formatAud, formatDateTime } from '@/lib/format';
import { Badge, type BadgeTone } from '@/components/ui/badge';
import { Button } from '@/components/ui/button';
import { Card } from '@/components/ui/card';
import { useConfirm } from '@/components/ui/confirm';
import { Input } from '@/components/ui/field';
import { DiscountCodeForm, EditDiscountCodeDialog } from './discount-code-form';
import { SCOPE_LABELS } from './discount-draft';
import { Pager } from './pager';
import { api, toastFailure } from './session';
import { useAdminList, useDebounced } from './use-admin-list';
import { useCatalog } from './use-catalog';
import { ScrollRegion } from '@/components/ui/scroll-region';

const PATH = '/api/admin/discounts';
const PAGE_SIZE = 50;

const STATUS: Record<DiscountCode['status'], { label: string; tone: BadgeTone }> = {
  active: { label: 'Active', tone: 'success' },
  scheduled: { label: 'Scheduled', tone: 'neutral' },
  expired: { label: 'Expired', tone: 'neutral' },
  used_up: { label: 'Used up', tone: 'neutral' },
  disabled: { label: 'Disabled', tone: 'warning' },
};

const money = (dollars: number) => formatAud(dollarsToCents(dollars));
const valueText = (d: DiscountCode) => (d.type === 'percentage' ? `${d.value}% off` : `${money(d.value)} off`);
const windowText = (d: DiscountCode) =>
  d.starts_at || d.ends_at ? `${d.starts_at ? formatDateTime(d.starts_at) : 'Now'} – ${d.ends_at ? formatDateTime(d.ends_at) : 'no end'}` : 'Always';
const usesText = (d: DiscountCode) => (d.max_uses === null ? String(d.uses) : `${d.uses} of ${d.max_uses}`);

/** Admin → Vouchers → Discount codes: create, list with results, edit, enable or disable, delete. */
export function DiscountCodesSection() {
  const [search, setSearch] = useState('');
  const [offset, setOffset] = useState(0);
  const [editing, setEditing] = useState<DiscountCode | null>(null);
  const query = useDebounced(search.trim());
  const { categories } = useCatalog();
  const { data, mutate } = useAdminList<DiscountCode>(PATH, { search: query, limit: PAGE_SIZE, offset }, 'Failed to load discount codes');
  const codes = data?.rows;
  const reload = async () => void (await mutate());

  return (
    <div className="flex flex-col gap-6">
      <DiscountCodeForm categories={categories} onSaved={reload} />
      <Card as="section" aria-labelledby="discounts-title">
        <h2 id="discounts-title" className="mb-3 text-lg font-bold">
          Discount Codes
        </h2>
        <div className="mb-3 max-w-xs">
          <label htmlFor="discount-search" className="sr-only">
            Search discount codes
          </label>
          <Input
            id="discount-search"
            type="search"
            placeholder="Search by code or description..."
            value={search}
            onChange={(e) => {
              setSearch(e.target.value);
              setOffset(0);
            }}
          />
        </div>
        {codes === undefined ? (
          <p role="status">Loading...</p>
        ) : codes.length === 0 ? (
          <p className="text-gray-700">{query ? 'No discount codes found' : 'No discount codes yet.'}</p>
        ) : (
          <ScrollRegion label="Discount code list">
            <table className="w-full text-left text-sm">
              <thead className="border-b border-gray-200 text-gray-700">
                <tr>
                  {['Code', 'Discount', 'Applies to', 'When (Sydney)', 'Uses', 'Orders', 'Revenue', 'Discount given', 'Status', 'Actions'].map((h) => (
                    <th key={h} scope="col" className="px-2 py-2 font-semibold">
                      {h}
                    </th>
                  ))}
                </tr>
              </thead>
              <tbody className="divide-y divide-gray-100">
                {codes.map((d) => (
                  <tr key={d.id} data-testid="discount-row">
                    <td className="px-2 py-2">
                      <span className="font-mono font-semibold">{d.code}</span>
                      {d.description && <span className="block text-xs text-gray-600">{d.description}</span>}
                    </td>
                    <td className="px-2 py-2">{valueText(d)}</td>
                    <td className="px-2 py-2">{SCOPE_LABELS[d.applies_to]}</td>
                    <td className="px-2 py-2">{windowText(d)}</td>
                    <td className="px-2 py-2">{usesText(d)}</td>
                    <td className="px-2 py-2">{d.orders}</td>
                    <td className="px-2 py-2">{money(d.revenue)}</td>
                    <td className="px-2 py-2">{money(d.discount_given)}</td>
                    <td className="px-2 py-2">
                      <Badge tone={STATUS[d.status].tone}>{STATUS[d.status].label}</Badge>
                    </td>
                    <td className="px-2 py-2">
                      <DiscountCodeActions code={d} onEdit={() => setEditing(d)} onChanged={reload} />
                    </td>
                  </tr>
                ))}
              </tbody>
            </table>
          </ScrollRegion>
        )}
        <Pager label="Discount codes" offset={offset} pageSize={PAGE_SIZE} shown={codes?.length ?? 0} total={data?.total ?? 0} onOffset={setOffset} />
      </Card>
      {editing && <EditDiscountCodeDialog code={editing} categories={categories} onClose={() => setEditing(null)} onSaved={reload} />}
    </div>
  );
}

function DiscountCodeActions({ code, onEdit, onChanged }: { code: DiscountCode; onEdit: () => void; onChanged: () => Promise<void> }) {
  const confirm = useConfirm();
  const [busy, setBusy] = useState(false);

  async function setEnabled(enabled: boolean) {
    setBusy(true);
    const result = await api.put(`${PATH}/${code.id}`, { enabled });
    setBusy(false);
    if (!result.ok) return toastFailure(result.error, 'Update failed');
    toast.success(`Discount code ${code.code} ${enabled ? 'enabled' : 'disabled'}`);
    await onChanged();
  }

  async function remove() {
    const message = code.deletable
      ? `Delete discount code ${code.code}? This cannot be undone.`
      : `${code.code} has been used, so it will be kept for your records and disabled.`;
    if (!(await confirm({ title: 'Delete discount code', message, confirmLabel: 'Delete' }))) return;
    setBusy(true);
    const result = await api.del<DiscountCodeDeleteResponse>(`${PATH}/${code.id}`);
    setBusy(false);
    if (!result.ok) return toastFailure(result.error, 'Delete failed');
    toast.success(result.body.message);
    await onChanged();
  }

  return (
    <div className="flex gap-1">
      <Button variant="secondary" size="sm" disabled={busy} onClick={onEdit} aria-label={`Edit ${code.code}`}>
        Edit
      </Button>
      <Button
        variant="secondary"
        size="sm"
        disabled={busy}
        onClick={() => void setEnabled(!code.enabled)}
        aria-label={`${code.enabled ? 'Disable' : 'Enable'} ${code.code}`}
      >
        {code.enabled ? 'Disable' : 'Enable'}
      </Button>
      <Button variant="danger" size="sm" disabled={busy} onClick={() => void remove()} aria-label={`Delete ${code.code}`}>
        Delete
      </Button>
    </div>
  );
}
