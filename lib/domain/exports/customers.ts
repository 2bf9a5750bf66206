// The customers export (docs/product.md §3): every account under the Customers
// tab's filter, newest first, with the same figures the list shows, streamed.
import 'server-only';
import { customerBatches, type CustomerFilter } from '@/lib/domain/customers';
import { csvStream } from '@/lib/domain/csv';
import { formatAmount } from '@/lib/format';

export const CUSTOMERS_CSV_HEADER = [
  'id',
  'email',
  'name',
  'joined',
  'email_verified',
  'member',
  'complimentary',
  'blocked',
  'anonymised',
  'paid_orders',
  'spent',
] as const;

const yesNo = (value: boolean) => (value ? 'true' : 'false');

export function customersCsv(filter: Omit<CustomerFilter, 'limit' | 'offset'>, now: Date = new Date()): ReadableStream<Uint8Array> {
  return csvStream(CUSTOMERS_CSV_HEADER, customerBatches(filter, now), (c) => [
    c.id,
    c.email,
    c.name,
    c.createdAt,
    yesNo(c.emailVerified),
    yesNo(c.isMember),
    yesNo(c.complimentary),
    yesNo(c.blocked),
    yesNo(c.anonymised),
    c.paidOrders,
    formatAmount(c.spentCents),
  ]);
}
