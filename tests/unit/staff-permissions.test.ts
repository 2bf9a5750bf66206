import { describe, expect, it } from 'vitest';
import { ASSIGNABLE_ROLES, can, PERMISSIONS, ROLE_PERMISSIONS, ROLES, TWO_FACTOR_ROLES } from '@/lib/staff-permissions';

describe('the permissions table', () => {
  it('gives the owner everything', () => {
    expect([...ROLE_PERMISSIONS.owner].sort()).toEqual([...PERMISSIONS].sort());
  });

  it('gives a manager everything but staff and business settings', () => {
    expect(PERMISSIONS.filter((p) => !can('manager', p))).toEqual(['settings.business', 'staff']);
  });

  it('gives support orders, customers, reviews, refunds, emails and vouchers, and nothing of the catalogue, settings or marketing', () => {
    expect([...ROLE_PERMISSIONS.support].sort()).toEqual(['account', 'customers', 'emails', 'orders', 'refunds', 'reviews', 'vouchers']);
  });

  it('gives catalogue the catalogue (products, bundles, uploads, categories, tags, sales) and nothing else', () => {
    expect([...ROLE_PERMISSIONS.catalogue].sort()).toEqual(['account', 'catalogue']);
  });

  it('lets every role reach its own account, and only the owner manage staff', () => {
    for (const role of ROLES) expect(can(role, 'account'), role).toBe(true);
    expect(ROLES.filter((r) => can(r, 'staff'))).toEqual(['owner']);
  });

  it('keeps the business figures (Insights) to the owner and managers', () => {
    expect(ROLES.filter((r) => can(r, 'insights'))).toEqual(['owner', 'manager']);
  });

  it('keeps newsletters and the abandoned-checkout email (marketing) to the owner and managers', () => {
    expect(ROLES.filter((r) => can(r, 'marketing'))).toEqual(['owner', 'manager']);
  });

  it('names only permissions of the closed set, and offers every role but owner to invitees', () => {
    for (const role of ROLES) for (const p of ROLE_PERMISSIONS[role]) expect(PERMISSIONS).toContain(p);
    expect([...ASSIGNABLE_ROLES]).toEqual(['manager', 'support', 'catalogue']);
    expect([...TWO_FACTOR_ROLES]).toEqual(['owner', 'manager']);
  });
});
