'use client';

import { useState, type FormEvent } from 'react';
import { toast } from '@/components/ui/toast';
import { ASSIGNABLE_ROLES, type AssignableRole } from '@/lib/staff-permissions';
import { Button } from '@/components/ui/button';
import { Card } from '@/components/ui/card';
import { TextField } from '@/components/ui/field';
import { SelectField } from '@/components/ui/form-controls';
import { api, toastFailure } from '../session';
import { ROLE_LABELS } from './roles';

/** Invite by email: the new member gets a link to choose a password (7 days, once). */
export function InviteForm({ onInvited }: { onInvited: () => Promise<void> }) {
  const [email, setEmail] = useState('');
  const [name, setName] = useState('');
  const [role, setRole] = useState<AssignableRole>('support');
  const [busy, setBusy] = useState(false);

  async function submit(event: FormEvent) {
    event.preventDefault();
    setBusy(true);
    const result = await api.post('/api/admin/staff', { email, name, role });
    setBusy(false);
    if (!result.ok) return toastFailure(result.error, 'Failed to invite');
    toast.success(`Invitation sent to ${email}`);
    setEmail('');
    setName('');
    await onInvited();
  }

  return (
    <Card as="form" className="grid gap-4 sm:grid-cols-2 lg:grid-cols-4 lg:items-start" onSubmit={(e) => void submit(e)} aria-labelledby="invite-title">
      <h2 id="invite-title" className="text-lg font-bold sm:col-span-2 lg:col-span-4">
        Invite staff
      </h2>
      <TextField id="invite-email" label="Email" type="email" required autoComplete="off" value={email} onChange={(e) => setEmail(e.target.value)} />
      <TextField id="invite-name" label="Name" required autoComplete="off" value={name} onChange={(e) => setName(e.target.value)} />
      <SelectField id="invite-role" label="Role" hint={ROLE_LABELS[role].allows} value={role} onChange={(e) => setRole(e.target.value as AssignableRole)}>
        {ASSIGNABLE_ROLES.map((r) => (
          <option key={r} value={r}>
            {ROLE_LABELS[r].name}
          </option>
        ))}
      </SelectField>
      {/* Fields line up by their tops (the role's hint hangs below it); the button sits level with the boxes, under a label's height. */}
      <Button type="submit" className="lg:mt-6" disabled={busy}>
        {busy ? 'Sending...' : 'Send invitation'}
      </Button>
    </Card>
  );
}
