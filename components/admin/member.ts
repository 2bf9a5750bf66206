import type { Permission, Role } from '@/lib/staff-permissions';

/** The signed-in member as the dashboard page read them from the session. */
export type DashboardMember = {
  username: string;
  role: Role;
  permissions: readonly Permission[];
  twoFactorEnabled: boolean;
  /** Their role must keep two-factor sign-in on here: no Turn off. */
  twoFactorRequired: boolean;
  mustEnrolTwoFactor: boolean;
};
