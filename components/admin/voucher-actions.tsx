'use client';

import { useState } from 'react';
import { toast } from '@/components/ui/toast';
import { api, toastFailure } from './session';
import { useConfirm } from '@/components/ui/confirm';
import { Button } from '@/components/ui/button';
import type { VoucherResponse as Voucher } from '@/lib/contract/vouchers';
import { Badge, type BadgeTone } from '@/components/ui/badge';

export type VoucherState = 'Active' | 'Used' | 'Disabled';

/**
 * docs/product.md §4: Active while active and (a reusable gift card with balance left, a
 * one-time voucher, or a reusable percentage code, which has no balance to run out).
 */
export function voucherState(v: Voucher): VoucherState {
  if (v.status === 'disabled') return 'Disabled';
  if (v.status !== 'active') return 'Used';
  if (v.usage_type === 'one_time' || v.type === 'percentage') return 'Active';
  return (v.current_balance ?? 0) > 0 ? 'Active' : 'Used';
}

const TONE: Record<VoucherState, BadgeTone> = { Active: 'success', Used: 'neutral', Disabled: 'warning' };

export function VoucherStatusBadge({ voucher }: { voucher: Voucher }) {
  const state = voucherState(voucher);
  return <Badge tone={TONE[state]}>{state}</Badge>;
}

/** Disable / Enable, and Delete for a voucher nobody has used (the server answers 409 otherwise). */
export function VoucherActions({ voucher, onChanged }: { voucher: Voucher; onChanged: () => void }) {
  const confirm = useConfirm();
  const [busy, setBusy] = useState(false);

  async function setStatus(status: 'active' | 'disabled') {
    setBusy(true);
    const result = await api.put(`/api/admin/vouchers/${voucher.id}`, { status });
    setBusy(false);
    if (!result.ok) return toastFailure(result.error, 'Update failed');
    toast.success(status === 'disabled' ? `Voucher ${voucher.code} disabled` : `Voucher ${voucher.code} enabled`);
    onChanged();
  }

  async function remove() {
    const ok = await confirm({ title: 'Delete voucher', message: `Delete voucher ${voucher.code}? This cannot be undone.`, confirmLabel: 'Delete' });
    if (!ok) return;
    setBusy(true);
    const result = await api.del(`/api/admin/vouchers/${voucher.id}`);
    setBusy(false);
    if (!result.ok) return toastFailure(result.error, 'Delete failed');
    toast.success(`Voucher ${voucher.code} deleted`);
    onChanged();
  }

  return (
    <div className="flex gap-1">
      {voucher.status === 'active' && (
        <Button variant="secondary" size="sm" disabled={busy} onClick={() => setStatus('disabled')}>
          Disable
        </Button>
      )}
      {voucher.status === 'disabled' && (
        <Button variant="secondary" size="sm" disabled={busy} onClick={() => setStatus('active')}>
          Enable
        </Button>
      )}
      {voucher.status !== 'used' && (
        <Button variant="danger" size="sm" disabled={busy} onClick={remove} aria-label={`Delete voucher ${voucher.code}`}>
          Delete
        </Button>
      )}
    </div>
  );
}
