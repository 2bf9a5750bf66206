import type { FormHTMLAttributes, HTMLAttributes, ReactNode } from 'react';

// Surfaces: a white Card for a form or a list, a Notice for a message in its
// tone (a confirmation, a warning, a failure), and the page's loading state.

type CardProps = HTMLAttributes<HTMLElement> &
  Pick<FormHTMLAttributes<HTMLFormElement>, 'noValidate' | 'action' | 'method'> & { as?: 'div' | 'section' | 'li' | 'form'; padding?: 'md' | 'lg' };

export function Card({ as: Tag = 'div', padding = 'md', className = '', ...rest }: CardProps) {
  const pad = padding === 'lg' ? 'p-8' : 'p-5';
  return <Tag className={`rounded-2xl border border-gray-200 bg-white shadow-sm ${pad} ${className}`} {...(rest as HTMLAttributes<HTMLElement>)} />;
}

export type NoticeTone = 'info' | 'success' | 'warning' | 'danger';

const TONES: Record<NoticeTone, string> = {
  info: 'border-gray-200 bg-gray-50 text-gray-800',
  success: 'border-success-300 bg-success-50 text-success-900',
  warning: 'border-warning-300 bg-warning-50 text-warning-900',
  danger: 'border-danger-300 bg-danger-50 text-danger-900',
};

type NoticeProps = HTMLAttributes<HTMLDivElement> & { tone: NoticeTone; children: ReactNode };

/** A message box; give it role="status" or role="alert" when it appears after something the visitor did. */
export function Notice({ tone, className = '', ...rest }: NoticeProps) {
  return <div className={`rounded-xl border p-4 text-sm ${TONES[tone]} ${className}`} {...rest} />;
}

export function Spinner({ className = 'h-12 w-12' }: { className?: string }) {
  return <div className={`mx-auto animate-spin rounded-full border-4 border-brand-100 border-t-brand-700 ${className}`} aria-hidden="true" />;
}

/** A page still loading its data: a spinner and what it waits for, announced politely. */
export function LoadingPanel({ label, heading = false }: { label: string; heading?: boolean }) {
  return (
    <div className="py-16 text-center" role="status">
      <Spinner />
      {heading ? <h1 className="mt-6 text-2xl font-bold">{label}</h1> : <p className="mt-6 text-lg font-semibold">{label}</p>}
    </div>
  );
}

const ICON_TONES = { brand: 'bg-brand-50 text-brand-700', success: 'bg-success-50 text-success-700', warning: 'bg-warning-50 text-warning-700' };

/** The big round icon over a page's message (a confirmation, a welcome); the icon inside is decoration. */
export function PageIcon({ tone = 'brand', children }: { tone?: keyof typeof ICON_TONES; children: ReactNode }) {
  return <div className={`mx-auto flex h-16 w-16 items-center justify-center rounded-full ${ICON_TONES[tone]}`}>{children}</div>;
}
