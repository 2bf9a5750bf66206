// What each member of staff may do (Decision 084), browser-safe so the
// dashboard shows a role only the tabs it may use. Every admin route names one
// permission (adminHandler's first argument) and the server checks it against
// the session's current role on every request. The set is closed and small on
// purpose: a new admin route picks one of these; a new permission is a change
// here, reviewed with the roles that get it.

export const PERMISSIONS = [
  /** Products, bundles, uploads, categories, tags and sales. */
  'catalogue',
  /** Orders and their download logs. */
  'orders',
  /** Customer accounts: the Customers tab, blocking, complimentary and cancelled memberships, anonymising. */
  'customers',
  /** Moderating customers' reviews: hide, show, reply. */
  'reviews',
  /** Refunding orders. */
  'refunds',
  /** Gift vouchers and membership promo codes. */
  'vouchers',
  /** Resending emails to customers. */
  'emails',
  /** What shoppers see outside the catalogue: the banner. */
  'settings.storefront',
  /** The business's own details: invoices' seller, and settings that bind it. */
  'settings.business',
  /** Inviting staff, changing their roles, removing them. */
  'staff',
  /** The business's sales figures: the Insights tab and its route. Owner and manager only. */
  'insights',
  /** Newsletters and the abandoned-checkout email: the Email tab and its routes. Owner and manager only. */
  'marketing',
  /** Reading and exporting the audit log. */
  'audit',
  /** One's own account: who am I, password, sessions, two-factor sign-in. Every role. */
  'account',
] as const;

export type Permission = (typeof PERMISSIONS)[number];

export const ROLES = ['owner', 'manager', 'support', 'catalogue'] as const;
export type Role = (typeof ROLES)[number];

/** The roles the owner can give; there is one owner, the account from ADMIN_USERNAME. */
export const ASSIGNABLE_ROLES = ['manager', 'support', 'catalogue'] as const satisfies readonly Role[];
export type AssignableRole = (typeof ASSIGNABLE_ROLES)[number];

const EVERYTHING: readonly Permission[] = PERMISSIONS;

export const ROLE_PERMISSIONS: Record<Role, readonly Permission[]> = {
  owner: EVERYTHING,
  manager: EVERYTHING.filter((p) => p !== 'staff' && p !== 'settings.business'),
  support: ['orders', 'customers', 'reviews', 'refunds', 'emails', 'vouchers', 'account'],
  catalogue: ['catalogue', 'account'],
};

export function can(role: Role, permission: Permission): boolean {
  return ROLE_PERMISSIONS[role].includes(permission);
}

/** Roles that must enrol a second factor where the deployment requires it (production). */
export const TWO_FACTOR_ROLES: readonly Role[] = ['owner', 'manager'];

/** The 403s of the permission check, in the one error shape. */
export const FORBIDDEN_FOR_ROLE = 'Your role does not allow this';
export const ENROL_FIRST = 'Set up two-factor sign-in to use the back office';
