'use client';

import { useState } from 'react';
import { toast } from 'sonner';
import { api, toastFailure } from './session';
import { useConfirm } from './confirm';
import { button } from './styles';
import type { VoucherResponse as Voucher } from '@/lib/contract/vouchers';

export type VoucherState = 'Active' | 'Used' | 'Disabled';

/**
 * SPEC §4: Active while active and (a reusable gift card with balance left, a
 * one-time voucher, or a reusable percentage code, which has no balance to run out).
 */
export function voucherState(v: Voucher): VoucherState {
  if (v.status === 'disabled') return 'Disabled';
  if (v.status !== 'active') return 'Used';
  if (v.usage_type === 'one_time' || v.type === 'percentage') return 'Active';
  return (v.current_balance ?? 0) > 0 ? 'Active' : 'Used';
}

const BADGE: Record<VoucherState, string> = {
  Active: 'bg-emerald-100 text-emerald-900',
  Used: 'bg-gray-200 text-gray-800',
  Disabled: 'bg-amber-100 text-amber-900',
};

export function VoucherStatusBadge({ voucher }: { voucher: Voucher }) {
  const state = voucherState(voucher);
  return <span className={`rounded-full px-2 py-0.5 text-xs font-bold ${BADGE[state]}`}>{state}</span>;
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
        <button type="button" className={button.small} disabled={busy} onClick={() => setStatus('disabled')}>
          Disable
        </button>
      )}
      {voucher.status === 'disabled' && (
        <button type="button" className={button.small} disabled={busy} onClick={() => setStatus('active')}>
          Enable
        </button>
      )}
      {voucher.status !== 'used' && (
        <button type="button" className={button.smallDanger} disabled={busy} onClick={remove} aria-label={`Delete voucher ${voucher.code}`}>
          Delete
        </button>
      )}
    </div>
  );
}
