import type { ReactNode } from 'react';

// A small label on a card or a row: SALE, Bundle, Active, Refunded. The look
// is the .badge classes of app/globals.css, one per meaning.
export type BadgeTone = 'sale' | 'bundle' | 'success' | 'warning' | 'danger' | 'neutral';

export function Badge({ tone, children, className }: { tone: BadgeTone; children: ReactNode; className?: string }) {
  return <span className={`badge badge-${tone}${className ? ` ${className}` : ''}`}>{children}</span>;
}
