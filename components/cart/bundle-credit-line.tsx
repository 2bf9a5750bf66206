import type { BundleCreditView } from '@/components/account/use-bundle-credit';
import { bundleCreditText } from '@/lib/format';

/** "You own 3 of 8: pay X AUD" under a bundle the signed-in customer owns some of (Decision 094). */
export function BundleCreditLine({ credit }: { credit: BundleCreditView | null }) {
  if (!credit) return null;
  return (
    <p className="text-sm font-semibold text-success-800" data-testid="bundle-credit-offer">
      {bundleCreditText(credit.owned, credit.total, credit.priceCents)}
    </p>
  );
}
