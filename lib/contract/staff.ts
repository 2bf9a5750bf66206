import { z } from 'zod';
import { isoDateTime } from './common';
import { ASSIGNABLE_ROLES, PERMISSIONS, ROLES } from '@/lib/staff-permissions';

// Contracts of sign-in's second step, the staff, one's own account and the
// audit log (Decision 084).

const role = z.enum(ROLES);
const assignableRole = z.enum(ASSIGNABLE_ROLES, { message: 'Choose manager, support or catalogue' });
const token = z.string().min(1, 'Invalid link').max(200);
const password = z.string().max(200);

// POST /api/auth/login, when the member has a second factor.
export const twoFactorRequiredResponse = z.object({ success: z.literal(false), two_factor_required: z.literal(true), challenge: z.string() });

// POST /api/auth/login/two-factor.
export const twoFactorLoginSchema = z.object({
  challenge: z.string().min(1, 'Sign in again').max(200),
  // Six digits from the app, or a recovery code (dashes and spaces allowed).
  code: z.string().trim().min(1, 'Enter the code').max(40),
  trust_browser: z.union([z.boolean(), z.enum(['true', 'false', 'on']).transform((v) => v !== 'false')]).default(false),
});

// POST /api/auth/accept-invite.
export const acceptInviteSchema = z.object({ token, new_password: password.min(1, 'Password is required') });
export const acceptInviteResponse = z.object({ success: z.literal(true), username: z.string() });

// GET /api/admin/session.
export const adminSessionResponse = z.object({
  username: z.string(),
  name: z.string(),
  role,
  permissions: z.array(z.enum(PERMISSIONS)),
  two_factor_enabled: z.boolean(),
  must_enrol_two_factor: z.boolean(),
});
export type AdminSessionResponse = z.infer<typeof adminSessionResponse>;

// The staff list and its changes.
export const staffResponse = z.object({
  id: z.string(),
  username: z.string(),
  email: z.string().nullable(),
  name: z.string(),
  role,
  status: z.enum(['active', 'invited', 'removed']),
  two_factor_enabled: z.boolean(),
  invited_by: z.string().nullable(),
  created_at: isoDateTime,
});
export type StaffResponse = z.infer<typeof staffResponse>;
export const staffListResponse = z.array(staffResponse);

export const inviteStaffSchema = z.object({
  email: z.email('Enter an email address').max(254),
  name: z.string().trim().min(1, 'Name is required').max(100),
  role: assignableRole,
});
export const staffRoleSchema = z.object({ role: assignableRole });
export const staffIdParams = z.object({
  id: z
    .string()
    .min(1)
    .max(64)
    .regex(/^[a-z0-9]+$/i, 'Invalid id'),
});

// One's own account.
export const changePasswordSchema = z.object({
  current_password: password.min(1, 'Enter your current password'),
  new_password: password.min(1, 'Enter a new password'),
});
export const staffSessionResponse = z.object({
  id: z.string(),
  created_at: isoDateTime,
  expires_at: isoDateTime,
  ip: z.string().nullable(),
  user_agent: z.string().nullable(),
  current: z.boolean(),
});
export const staffSessionsResponse = z.array(staffSessionResponse);

export const twoFactorEnrolmentResponse = z.object({ secret: z.string(), otpauth_url: z.string(), qr_code: z.string() });
export const twoFactorCodeSchema = z.object({ code: z.string().trim().min(1, 'Enter the code').max(20) });
export const twoFactorOffSchema = z.object({ password: password.min(1, 'Enter your password') });
export const recoveryCodesResponse = z.object({ recovery_codes: z.array(z.string()) });

// GET /api/admin/audit and /api/admin/audit.csv.
export const auditQuerySchema = z.object({
  actor: z.string().trim().max(254).optional(),
  action: z.string().trim().max(100).optional(),
  start_date: z.iso.date().optional(),
  end_date: z.iso.date().optional(),
  limit: z.coerce.number().int().min(1).max(200).default(50),
  offset: z.coerce.number().int().min(0).max(10_000_000).default(0),
});
export type AuditQuery = z.infer<typeof auditQuerySchema>;
export const auditEntryResponse = z.object({
  id: z.string(),
  created_at: isoDateTime,
  actor: z.string(),
  action: z.string(),
  target: z.string().nullable(),
  details: z.unknown().nullable(),
});
export type AuditEntryResponse = z.infer<typeof auditEntryResponse>;
export const auditResponse = z.object({ entries: z.array(auditEntryResponse), actors: z.array(z.string()), actions: z.array(z.string()) });
export type AuditResponse = z.infer<typeof auditResponse>;
