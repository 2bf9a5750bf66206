import type { HTMLAttributes } from 'react';

// A small label on a card or a row: SALE, Bundle, Active, Refunded. The look
// is the .badge classes of app/globals.css, one per meaning.
export type BadgeTone = 'sale' | 'bundle' | 'success' | 'warning' | 'danger' | 'neutral';

export function Badge({ tone, className, ...rest }: { tone: BadgeTone } & HTMLAttributes<HTMLSpanElement>) {
  return <span className={`badge badge-${tone}${className ? ` ${className}` : ''}`} {...rest} />;
}
