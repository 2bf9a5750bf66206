'use client';

import { Badge, type BadgeTone } from '@/components/ui/badge';
import type { AdminCustomerResponse as Customer } from '@/lib/contract/customers';

/** Member (or complimentary member), blocked, anonymised: what the list and the record show beside a name. */
export function CustomerBadges({ customer }: { customer: Pick<Customer, 'is_member' | 'complimentary' | 'blocked' | 'anonymised'> }) {
  const badges: [string, BadgeTone][] = [];
  if (customer.is_member) badges.push([customer.complimentary ? 'Complimentary member' : 'Member', 'success']);
  if (customer.blocked) badges.push(['Blocked', 'danger']);
  if (customer.anonymised) badges.push(['Anonymised', 'neutral']);
  return (
    <span className="flex flex-wrap gap-1">
      {badges.map(([label, tone]) => (
        <Badge key={label} tone={tone}>
          {label}
        </Badge>
      ))}
    </span>
  );
}
