import type { Role } from '@/lib/staff-permissions';

/** How the back office names each role, and what it allows, in words. */
export const ROLE_LABELS: Record<Role, { name: string; allows: string }> = {
  owner: { name: 'Owner', allows: 'Everything' },
  manager: { name: 'Manager', allows: 'Everything but staff and business settings' },
  support: { name: 'Support', allows: 'Orders, customers, refunds, emails and vouchers' },
  catalogue: { name: 'Catalogue', allows: 'Products, bundles, uploads, categories, tags and sales' },
};
