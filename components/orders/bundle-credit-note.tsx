import { BUNDLE_CREDIT_LABEL, dollarsToCents, formatAud } from '@/lib/format';

/** An order line's "Credit for items you own: −X AUD" (Decision 094); nothing for a line without one. `credit` in the API's dollars. */
export function BundleCreditNote({ credit }: { credit: number }) {
  if (credit <= 0) return null;
  return (
    <p className="text-sm text-success-800" data-testid="bundle-credit">
      {BUNDLE_CREDIT_LABEL}: −{formatAud(dollarsToCents(credit))}
    </p>
  );
}
