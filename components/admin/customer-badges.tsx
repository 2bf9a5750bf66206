'use client';

import type { AdminCustomerResponse as Customer } from '@/lib/contract/customers';

/** Member (or complimentary member), blocked, anonymised: what the list and the record show beside a name. */
export function CustomerBadges({ customer }: { customer: Pick<Customer, 'is_member' | 'complimentary' | 'blocked' | 'anonymised'> }) {
  const badges = [
    customer.is_member && (customer.complimentary ? ['Complimentary member', 'bg-violet-100 text-violet-900'] : ['Member', 'bg-emerald-100 text-emerald-900']),
    customer.blocked && ['Blocked', 'bg-red-100 text-red-900'],
    customer.anonymised && ['Anonymised', 'bg-gray-200 text-gray-800'],
  ].filter((b): b is string[] => Array.isArray(b));
  return (
    <span className="flex flex-wrap gap-1">
      {badges.map(([label, colours]) => (
        <span key={label} className={`rounded-full px-2 py-0.5 text-xs font-bold ${colours}`}>
          {label}
        </span>
      ))}
    </span>
  );
}
