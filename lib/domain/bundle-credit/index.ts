// Bundle credit (Decision 094): a signed-in customer pays for a bundle its
// price less what they paid for the items of it they own, never below the
// owner's floor. The server always works it out itself; visitors get none.
export { creditedPrice, DEFAULT_BUNDLE_FLOOR_PERCENT, floorCents, paidOnLine, type PaidLine } from './rules';
export { findBundleCredits, type BundleCredit } from './credits';
export { getBundleFloorPercent, saveBundleFloorPercent } from './floor';
export { quoteBundleCredits, type BundleQuote } from './quote';
