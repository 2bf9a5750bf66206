'use client';

import { toast } from '@/components/ui/toast';
import type { z } from 'zod';
import type { staffSessionResponse } from '@/lib/contract/staff';
import { Button } from '@/components/ui/button';
import { Card } from '@/components/ui/card';
import { formatDateTime } from '@/lib/format';
import { api, toastFailure } from '../session';

type StaffSession = z.infer<typeof staffSessionResponse>;

/** One's own sessions: where and when each began; any but this one can be ended. */
export function SessionsList({ sessions, onChanged }: { sessions: StaffSession[] | undefined; onChanged: () => Promise<void> }) {
  async function end(id: string) {
    const result = await api.del(`/api/admin/account/sessions/${id}`);
    if (!result.ok) return toastFailure(result.error, 'Failed to end session');
    toast.success('Session ended');
    await onChanged();
  }

  return (
    <Card as="section" aria-labelledby="sessions-title">
      <h2 id="sessions-title" className="text-lg font-bold">
        Your sessions
      </h2>
      {sessions === undefined ? (
        <p role="status">Loading...</p>
      ) : (
        <ul className="divide-y divide-gray-100">
          {sessions.map((s) => (
            <li key={s.id} className="flex flex-col gap-2 py-3 sm:flex-row sm:items-center sm:justify-between" data-testid="staff-session">
              <div className="min-w-0 text-sm">
                <p className="font-semibold">
                  Signed in {formatDateTime(s.created_at)} {s.current && <span className="text-success-800">(this browser)</span>}
                </p>
                <p className="truncate text-gray-700">
                  {s.ip ?? 'unknown address'} · {s.user_agent ?? 'unknown browser'}
                </p>
              </div>
              {!s.current && (
                <Button variant="secondary" size="sm" onClick={() => void end(s.id)}>
                  End session
                </Button>
              )}
            </li>
          ))}
        </ul>
      )}
    </Card>
  );
}
