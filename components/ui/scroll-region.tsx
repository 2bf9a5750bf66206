import type { ReactNode } from 'react';

/**
 * A wide table's horizontal scroller. It takes focus and has a name, so a
 * keyboard user can scroll it on a phone (WCAG 2.1.1; axe's
 * scrollable-region-focusable) and a screen reader announces what it holds.
 */
export function ScrollRegion({ label, children }: { label: string; children: ReactNode }) {
  return (
    <div className="overflow-x-auto" tabIndex={0} role="region" aria-label={label}>
      {children}
    </div>
  );
}
