// Licences (Decisions 081, 082): the owner's tiers with versioned terms, each
// item's price per tier, the licence every paid line issues, its certificate
// data and its public verification. A licence's tier and status are always
// derived from its order lines, never stored, so refunds and disputes revoke
// (and a won dispute restores) with no code of theirs knowing about licences.
export { newLicenceId, LICENCE_ID_PATTERN } from './ids';
export { maskHolder } from './mask';
export {
  BASIS_POINTS,
  chargeLine,
  isOffered,
  licenceOptions,
  lowestOption,
  priceTier,
  proportionalSaleCents,
  rulePriceCents,
  tierPriceCents,
  type LicenceOption,
  type LicensableItem,
  type TierOverride,
  type TierRule,
} from './prices';
export { deriveLicence, getLicence, issueLicences, licencesForLines, lineTierPositions, type LicenceEvent, type LicenceState } from './records';
export {
  createTier,
  DEFAULT_MEMBER_TIER_KEY,
  getMemberTierKey,
  getTerms,
  listCurrentTerms,
  listTiers,
  updateTier,
  updateTierSettings,
  type LicenceTier,
  type TermsVersion,
  type TierEdit,
  type TierInput,
} from './tiers';
export { findLicensedProducts, priceLicenceLines, type LicenceLineRequest, type LicensedProduct, type PricedLicence } from './checkout-lines';
export { setItemLicencePrices, type ItemLicencePrices } from './item-prices';
export { licenceLineName, summariseLicence, type LicenceSummary } from './upgrades';
export { verifyLicence, type VerifiedLicence } from './verify';
export { getTermsPage, type TermsPage } from './terms';
