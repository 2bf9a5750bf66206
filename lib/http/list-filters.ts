import 'server-only';
import type { z } from 'zod';
import type { adminOrdersQuerySchema, adminProductsQuerySchema } from '@/lib/contract/admin-requests';
import type { adminCustomersQuerySchema } from '@/lib/contract/customers';
import type { ProductSelection } from '@/lib/domain/catalog';
import type { CustomerFilter } from '@/lib/domain/customers';
import type { OrderFilter } from '@/lib/domain/orders';
import { nextDay, zonedDayStart } from '@/lib/format';

// The back office lists' queries as domain filters, one mapping for each list
// and its CSV export, so both always match the same rows. Days are the shop's
// (Sydney) days, as dates are shown; an end day is inclusive.

const dayStart = (day: string | undefined) => (day ? zonedDayStart(day) : undefined);
const dayEnd = (day: string | undefined) => (day ? zonedDayStart(nextDay(day)) : undefined);

export function toOrderFilter(q: z.infer<typeof adminOrdersQuerySchema>): OrderFilter {
  return {
    status: q.status,
    customerEmail: q.customer_email,
    search: q.search,
    startDate: dayStart(q.start_date),
    endDate: dayEnd(q.end_date),
    limit: q.limit,
    offset: q.offset,
  };
}

export function toCustomerFilter(q: z.infer<typeof adminCustomersQuerySchema>): CustomerFilter {
  return {
    search: q.q,
    member: q.member,
    consent: q.consent,
    boughtFrom: dayStart(q.bought_from),
    boughtTo: dayEnd(q.bought_to),
    limit: q.limit,
    offset: q.offset,
  };
}

export function toProductSelection(q: z.infer<typeof adminProductsQuerySchema>): ProductSelection & { limit: number; offset: number } {
  return { search: q.search, category: q.category, kind: q.kind, onSale: q.on_sale, limit: q.limit, offset: q.offset };
}
