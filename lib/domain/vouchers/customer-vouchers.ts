// Gift vouchers a customer owns: those issued to their proven email address.
import 'server-only';
import { db } from '@/lib/infra/db';
import type { CustomerVoucher } from '@/lib/contract/responses';
import { centsToDollars } from '@/lib/format';

export async function listCustomerVouchers(email: string): Promise<CustomerVoucher[]> {
  const vouchers = await db().voucher.findMany({ where: { customerEmail: email.toLowerCase(), status: { not: 'disabled' } }, orderBy: { createdAt: 'desc' } });
  return vouchers.map((v) => ({
    id: v.id,
    code: v.code,
    type: v.type,
    value: v.type === 'percentage' ? (v.valueBasisPoints ?? 0) / 100 : centsToDollars(v.valueCents ?? 0),
    usage_type: v.usageType,
    current_balance: v.currentBalanceCents === null ? null : centsToDollars(v.currentBalanceCents),
    original_balance: v.originalBalanceCents === null ? null : centsToDollars(v.originalBalanceCents),
    status: v.status,
  }));
}
