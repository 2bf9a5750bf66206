'use client';

import { Button } from '@/components/ui/button';

type Props = { label: string; offset: number; pageSize: number; shown: number; total: number; onOffset: (offset: number) => void };

/** "Showing 51–100 of N" with Previous / Next, for any list paged on the server. */
export function Pager({ label, offset, pageSize, shown, total, onOffset }: Props) {
  if (total === 0) return null;
  return (
    <nav aria-label={`${label} pages`} className="flex flex-wrap items-center justify-between gap-3 pt-3">
      <p className="text-sm text-gray-700" role="status">
        Showing {offset + 1}–{offset + shown} of {total}
      </p>
      <div className="flex gap-2">
        <Button variant="secondary" disabled={offset === 0} onClick={() => onOffset(Math.max(0, offset - pageSize))}>
          Previous
        </Button>
        <Button variant="secondary" disabled={offset + shown >= total} onClick={() => onOffset(offset + pageSize)}>
          Next
        </Button>
      </div>
    </nav>
  );
}
