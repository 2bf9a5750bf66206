import { buttonClass } from '@/components/ui/button';
import { listingHref, type ListingParams } from './listing-href';

/** The page numbers to show: the first, the last, and two either side of the current one; null is a gap. */
export function pageNumbers(page: number, pages: number): (number | null)[] {
  const shown = [...new Set([1, page - 2, page - 1, page, page + 1, page + 2, pages])].filter((n) => n >= 1 && n <= pages).sort((a, b) => a - b);
  return shown.flatMap((n, i) => (i > 0 && n - shown[i - 1] > 1 ? [null, n] : [n]));
}

// Numbered pages with Previous / Next and "Page N of M" (Decision 088): plain
// links to the listing's own spelling, so each is a cached page.
export function Pagination({ params, pages }: { params: ListingParams; pages: number }) {
  const link = buttonClass({ variant: 'secondary' });
  return (
    <nav aria-label="Pagination" className="mt-10 flex flex-col items-center gap-3">
      <ul className="flex flex-wrap items-center justify-center gap-2">
        {params.page > 1 && (
          <li>
            <a href={listingHref({ ...params, page: params.page - 1 })} className={link} rel="prev">
              Previous
            </a>
          </li>
        )}
        {pageNumbers(params.page, pages).map((n, i) =>
          n === null ? (
            <li key={`gap-${i}`} aria-hidden="true" className="px-1 text-gray-600">
              ...
            </li>
          ) : (
            <li key={n}>
              {n === params.page ? (
                <span aria-current="page" className="rounded-lg bg-gray-900 px-3 py-2 font-semibold text-white">
                  {n}
                </span>
              ) : (
                <a href={listingHref({ ...params, page: n })} className={link} aria-label={`Page ${n}`}>
                  {n}
                </a>
              )}
            </li>
          ),
        )}
        {params.page < pages && (
          <li>
            <a href={listingHref({ ...params, page: params.page + 1 })} className={link} rel="next">
              Next
            </a>
          </li>
        )}
      </ul>
      <span className="text-sm text-gray-700">
        Page {params.page} of {pages}
      </span>
    </nav>
  );
}
