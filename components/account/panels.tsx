import type { ReactNode } from 'react';

/** The narrow white card the sign-in and password pages sit in. */
export function AccountCard({ children }: { children: ReactNode }) {
  return (
    <div className="mx-auto max-w-md px-4 py-12">
      <div className="rounded-2xl bg-white p-8 shadow-sm">{children}</div>
    </div>
  );
}
