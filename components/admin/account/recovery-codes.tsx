'use client';

import { Button } from '@/components/ui/button';

/** Shown once: the server keeps only their hashes. */
export function RecoveryCodes({ codes, onDone }: { codes: string[]; onDone: () => void }) {
  return (
    <div className="flex flex-col gap-3">
      <p className="text-sm text-gray-800">
        Keep these recovery codes somewhere safe. Each signs you in once if you lose your authenticator app. They are not shown again.
      </p>
      <ol className="grid grid-cols-1 gap-1 font-mono text-sm sm:grid-cols-2" aria-label="Recovery codes" data-testid="recovery-codes">
        {codes.map((code) => (
          <li key={code} className="rounded bg-gray-100 px-2 py-1">
            {code}
          </li>
        ))}
      </ol>
      <Button variant="secondary" className="self-start" onClick={onDone}>
        I have saved them
      </Button>
    </div>
  );
}
