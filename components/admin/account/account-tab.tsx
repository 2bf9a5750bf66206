'use client';

import { useRouter } from 'next/navigation';
import type { z } from 'zod';
import { Card } from '@/components/ui/card';
import type { staffSessionResponse } from '@/lib/contract/staff';
import type { DashboardMember } from '../member';
import { useAdminData } from '../use-admin-data';
import { PasswordForm } from './password-form';
import { SessionsList } from './sessions-list';
import { TwoFactorManage } from './two-factor-manage';
import { TwoFactorSetup } from './two-factor-setup';

/** One's own account: two-factor sign-in, password, sessions. */
export function AccountTab({ member }: { member: DashboardMember }) {
  const router = useRouter();
  const sessions = useAdminData<z.infer<typeof staffSessionResponse>[]>('/api/admin/account/sessions', 'Failed to load sessions');
  const reloadSessions = async () => void (await sessions.mutate());

  return (
    <div className="grid grid-cols-1 gap-6 lg:grid-cols-2">
      <Card as="section" className="flex flex-col gap-3 lg:col-span-2" aria-labelledby="two-factor-title">
        <h2 id="two-factor-title" className="text-lg font-bold">
          Two-factor sign-in
        </h2>
        {member.twoFactorEnabled ? (
          <>
            <p className="text-sm text-gray-800" role="status">
              On: signing in asks for a code from your authenticator app, or one of your recovery codes.
            </p>
            <TwoFactorManage canTurnOff={!member.twoFactorRequired} onTurnedOff={() => router.refresh()} />
          </>
        ) : (
          // Enabled: the page reads the session again, so the dashboard opens fully where it was held back.
          <TwoFactorSetup onEnabled={() => router.refresh()} />
        )}
      </Card>
      <PasswordForm onChanged={reloadSessions} />
      <SessionsList sessions={sessions.data} onChanged={reloadSessions} />
    </div>
  );
}
