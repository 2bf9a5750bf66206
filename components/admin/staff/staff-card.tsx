'use client';

import { useState } from 'react';
import { toast } from '@/components/ui/toast';
import { Badge, type BadgeTone } from '@/components/ui/badge';
import { Button } from '@/components/ui/button';
import { useConfirm } from '@/components/ui/confirm';
import { Select } from '@/components/ui/form-controls';
import type { StaffResponse } from '@/lib/contract/staff';
import { ASSIGNABLE_ROLES, type AssignableRole } from '@/lib/staff-permissions';
import { api, toastFailure } from '../session';
import { ROLE_LABELS } from './roles';

const STATUS_BADGE: Record<StaffResponse['status'], { tone: BadgeTone; text: string }> = {
  active: { tone: 'success', text: 'Active' },
  invited: { tone: 'warning', text: 'Invited' },
  removed: { tone: 'neutral', text: 'Removed' },
};

/** One member: their role (changing it signs them out), a new invitation while pending, and Remove. */
export function StaffCard({ member, onChanged }: { member: StaffResponse; onChanged: () => Promise<void> }) {
  const confirm = useConfirm();
  const [busy, setBusy] = useState(false);
  const isOwner = member.role === 'owner';

  async function act(run: () => ReturnType<typeof api.call>, failure: string, success: string) {
    setBusy(true);
    const result = await run();
    setBusy(false);
    if (!result.ok) return toastFailure(result.error, failure);
    toast.success(success);
    await onChanged();
  }

  async function changeRole(role: AssignableRole) {
    const ok = await confirm({
      title: 'Change role',
      message: `Make ${member.name} ${ROLE_LABELS[role].name}? They are signed out everywhere and sign in again under the new role.`,
      confirmLabel: 'Change role',
    });
    if (ok) await act(() => api.put(`/api/admin/staff/${member.id}`, { role }), 'Failed to change role', `${member.name} is now ${ROLE_LABELS[role].name}`);
  }

  async function remove() {
    const ok = await confirm({ title: 'Remove staff', message: `Remove ${member.name}? Their sessions end now.`, confirmLabel: 'Remove' });
    if (ok) await act(() => api.del(`/api/admin/staff/${member.id}`), 'Failed to remove', `${member.name} removed`);
  }

  return (
    <li className="flex flex-col gap-3 py-4 sm:flex-row sm:items-center sm:justify-between" data-testid="staff-member">
      <div className="min-w-0">
        <p className="font-semibold">
          {member.name}{' '}
          <Badge tone={STATUS_BADGE[member.status].tone} className="ml-1">
            {STATUS_BADGE[member.status].text}
          </Badge>
          {member.two_factor_enabled && (
            <Badge tone="neutral" className="ml-1">
              2FA
            </Badge>
          )}
        </p>
        <p className="truncate text-sm text-gray-700">{member.email ?? member.username}</p>
      </div>
      <div className="flex flex-wrap items-center gap-2">
        {isOwner ? (
          <span className="text-sm font-semibold text-gray-800">Owner</span>
        ) : (
          <>
            <label htmlFor={`role-${member.id}`} className="sr-only">
              Role of {member.name}
            </label>
            <Select
              id={`role-${member.id}`}
              className="w-auto"
              value={member.role}
              disabled={busy}
              onChange={(e) => void changeRole(e.target.value as AssignableRole)}
            >
              {ASSIGNABLE_ROLES.map((r) => (
                <option key={r} value={r}>
                  {ROLE_LABELS[r].name}
                </option>
              ))}
            </Select>
            {member.status === 'invited' && (
              <Button
                variant="secondary"
                size="sm"
                disabled={busy}
                onClick={() => void act(() => api.post(`/api/admin/staff/${member.id}/invite`), 'Failed to send', `New invitation sent to ${member.email}`)}
              >
                Resend invitation
              </Button>
            )}
            <Button variant="danger" size="sm" disabled={busy} onClick={() => void remove()}>
              Remove
            </Button>
          </>
        )}
      </div>
    </li>
  );
}
