import type { Permission, Role } from '@/lib/staff-permissions';

/** The signed-in member as the dashboard page read them from the session. */
export type DashboardMember = { username: string; role: Role; permissions: readonly Permission[]; twoFactorEnabled: boolean; mustEnrolTwoFactor: boolean };
