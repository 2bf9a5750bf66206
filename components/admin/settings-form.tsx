'use client';

import { useState, type ReactNode } from 'react';
import { toast } from '@/components/ui/toast';
import { Button } from '@/components/ui/button';
import { api, toastFailure } from './session';

type Props<T> = {
  path: string;
  /** The toast once saved. */
  savedMessage: string;
  /** The PUT body, from the fields as they are now. */
  body: () => unknown;
  onSaved: (next: T) => Promise<void>;
  /** What the setting does, under the fields. */
  note: ReactNode;
  children: ReactNode;
};

/** One settings section's form: its fields, Save (Saving... while the PUT runs), the outcome as a toast, and a note. */
export function SettingsForm<T>({ path, savedMessage, body, onSaved, note, children }: Props<T>) {
  const [busy, setBusy] = useState(false);

  async function save() {
    setBusy(true);
    const result = await api.put<T>(path, body());
    setBusy(false);
    if (!result.ok) return toastFailure(result.error, 'Failed to save settings');
    toast.success(savedMessage);
    await onSaved(result.body);
  }

  return (
    <form
      className="flex flex-wrap items-end gap-4"
      onSubmit={(e) => {
        e.preventDefault();
        void save();
      }}
    >
      {children}
      <Button type="submit" disabled={busy}>
        {busy ? 'Saving...' : 'Save'}
      </Button>
      <p className="w-full text-xs text-gray-600">{note}</p>
    </form>
  );
}
