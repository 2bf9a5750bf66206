'use client';

import { TextField } from '@/components/ui/field';

type Props = { idPrefix: string; password: string; confirm: string; onPassword: (value: string) => void; onConfirm: (value: string) => void };

/** A new staff password and its confirmation (the server asks for 12+ characters, not a common one). */
export function NewPasswordFields({ idPrefix, password, confirm, onPassword, onConfirm }: Props) {
  return (
    <>
      <TextField
        id={`${idPrefix}-new-password`}
        label="New password"
        type="password"
        autoComplete="new-password"
        hint="At least 12 characters"
        required
        value={password}
        onChange={(e) => onPassword(e.target.value)}
      />
      <TextField
        id={`${idPrefix}-confirm-password`}
        label="Confirm password"
        type="password"
        autoComplete="new-password"
        required
        value={confirm}
        onChange={(e) => onConfirm(e.target.value)}
      />
    </>
  );
}
