'use client';

import type { StaffResponse } from '@/lib/contract/staff';
import { Card } from '@/components/ui/card';
import { useAdminData } from '../use-admin-data';
import { InviteForm } from './invite-form';
import { StaffCard } from './staff-card';

const STAFF_PATH = '/api/admin/staff';

/** The owner's staff screen: invite by email, change roles, remove (Decision 084). */
export function StaffTab() {
  const { data, mutate } = useAdminData<StaffResponse[]>(STAFF_PATH, 'Failed to load staff');
  const reload = async () => void (await mutate());

  return (
    <div className="flex flex-col gap-6">
      <InviteForm onInvited={reload} />
      <Card as="section" aria-labelledby="staff-title">
        <h2 id="staff-title" className="text-lg font-bold">
          Staff
        </h2>
        {data === undefined ? (
          <p role="status">Loading...</p>
        ) : (
          <ul className="divide-y divide-gray-100">
            {data.map((member) => (
              <StaffCard key={member.id} member={member} onChanged={reload} />
            ))}
          </ul>
        )}
      </Card>
    </div>
  );
}
