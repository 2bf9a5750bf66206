import 'server-only';
import type { z } from 'zod';
import type { adminSessionResponse, auditEntryResponse, staffResponse, staffSessionResponse } from '@/lib/contract/staff';
import type { AuditEntry } from '@/lib/domain/audit';
import { ROLE_PERMISSIONS, type StaffActor, type StaffRecord, type StaffSessionRecord } from '@/lib/domain/staff';

export function toAdminSessionResponse(actor: StaffActor): z.infer<typeof adminSessionResponse> {
  return {
    username: actor.username,
    name: actor.name,
    role: actor.role,
    permissions: [...ROLE_PERMISSIONS[actor.role]],
    two_factor_enabled: actor.twoFactorEnabled,
    must_enrol_two_factor: actor.mustEnrolTwoFactor,
  };
}

export function toStaffResponse(s: StaffRecord): z.infer<typeof staffResponse> {
  return {
    id: s.id,
    username: s.username,
    email: s.email,
    name: s.name,
    role: s.role,
    status: s.status,
    two_factor_enabled: s.twoFactorEnabled,
    invited_by: s.invitedBy,
    created_at: s.createdAt.toISOString(),
  };
}

export function toStaffSessionResponse(s: StaffSessionRecord): z.infer<typeof staffSessionResponse> {
  return { id: s.id, created_at: s.createdAt.toISOString(), expires_at: s.expiresAt.toISOString(), ip: s.ip, user_agent: s.userAgent, current: s.current };
}

export function toAuditEntryResponse(e: AuditEntry): z.infer<typeof auditEntryResponse> {
  return { id: e.id, created_at: e.createdAt.toISOString(), actor: e.actor, action: e.action, target: e.target, details: e.details };
}
