import type { ReactNode } from 'react';

/** The narrow white card the sign-in and password pages sit in. */
export function AccountCard({ children }: { children: ReactNode }) {
  return (
    <div className="mx-auto max-w-md px-4 py-12">
      <div className="rounded-2xl bg-white p-8 shadow-sm">{children}</div>
    </div>
  );
}

export function LoadingPanel({ label }: { label: string }) {
  return (
    <div className="py-16 text-center" role="status">
      <div className="mx-auto h-12 w-12 animate-spin rounded-full border-4 border-rose-200 border-t-rose-700" aria-hidden="true" />
      <p className="mt-6 text-lg font-semibold">{label}</p>
    </div>
  );
}
