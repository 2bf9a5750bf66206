// Response shapes the account pages read. The requests themselves go through
// the one browser client, components/data/api.ts.

export type UserResponse = { success: boolean; user: { id: string; email: string; name: string; is_member: boolean }; token: string };

export type MembershipStatus = {
  is_member: boolean;
  plan_interval: 'month' | 'year' | null;
  current_period_end: string | null;
  cancel_at_period_end: boolean;
  status: string | null;
};
