import { Badge } from '@/components/ui/badge';
import { Notice } from '@/components/ui/card';
import { GiftIcon } from '@/components/ui/content-icons';
import { dollarsToCents, formatAud } from '@/lib/format';
import { ResendVerificationButton } from './resend-verification-button';
import type { CustomerVoucherResponse, CustomerVouchersResponse } from '@/lib/contract/vouchers';

/** SPEC §4: Active when active and (reusable with balance left, or one_time); otherwise Used. */
export function voucherIsActive(v: CustomerVoucherResponse): boolean {
  if (v.status !== 'active') return false;
  return v.usage_type === 'one_time' || (v.usage_type === 'reusable' && (v.current_balance ?? 0) > 0);
}

export function VoucherList({ vouchers, email_verified }: CustomerVouchersResponse) {
  if (!email_verified) {
    return (
      <Notice tone="warning" className="mt-6" data-testid="vouchers-unverified">
        <p>Gift vouchers sent to your email address appear here once you confirm it. Open the confirmation link in the welcome email we sent you.</p>
        <ResendVerificationButton />
      </Notice>
    );
  }
  if (vouchers.length === 0) return null;
  return (
    <section aria-labelledby="vouchers-heading" className="mt-8">
      <h2 id="vouchers-heading" className="flex items-center gap-2 text-xl font-bold">
        <GiftIcon className="h-5 w-5 text-brand-700" />
        My Gift Vouchers
      </h2>
      <ul className="mt-4 grid gap-4 sm:grid-cols-2">
        {vouchers.map((v) => (
          <VoucherCard key={v.id} voucher={v} />
        ))}
      </ul>
    </section>
  );
}

function VoucherCard({ voucher: v }: { voucher: CustomerVoucherResponse }) {
  const active = voucherIsActive(v);
  return (
    <li className="rounded-2xl border-2 border-dashed border-brand-200 bg-white p-5 shadow-sm" data-testid="voucher">
      <div className="flex items-start justify-between gap-2">
        <p className="font-mono text-lg font-bold tracking-wider">{v.code}</p>
        <Badge tone={active ? 'success' : 'neutral'}>{active ? 'Active' : 'Used'}</Badge>
      </div>
      <dl className="mt-3 grid grid-cols-2 gap-x-4 gap-y-1 text-sm">
        <dt className="text-gray-600">Type</dt>
        <dd>{v.type === 'percentage' ? 'Percentage' : 'Fixed amount'}</dd>
        <dt className="text-gray-600">Value</dt>
        <dd>{v.type === 'percentage' ? `${v.value}% off` : formatAud(dollarsToCents(v.value))}</dd>
        <dt className="text-gray-600">Usage</dt>
        <dd>{v.usage_type === 'reusable' ? 'Reusable' : 'One-time'}</dd>
        {v.current_balance !== null && (
          <>
            <dt className="text-gray-600">Balance</dt>
            <dd>
              {formatAud(dollarsToCents(v.current_balance))}
              {v.original_balance !== null && <span className="text-gray-600"> of {formatAud(dollarsToCents(v.original_balance))}</span>}
            </dd>
          </>
        )}
      </dl>
    </li>
  );
}
