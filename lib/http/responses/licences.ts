import 'server-only';
import type { AdminTierResponse, LicenceTierResponse, LicenceVerificationResponse } from '@/lib/contract/licences';
import { BASIS_POINTS, type LicenceTier, type VerifiedLicence } from '@/lib/domain/licences';
import { termsPath } from '@/lib/shop';

// Licence records to the API's shapes (Decisions 081, 082).

export const toLicenceTierResponse = (tier: LicenceTier): LicenceTierResponse => ({
  key: tier.key,
  name: tier.name,
  summary: tier.summary,
  terms_url: termsPath(tier.key),
});

export const toAdminTierResponse = (tier: LicenceTier, terms: string): AdminTierResponse => ({
  key: tier.key,
  name: tier.name,
  summary: tier.summary,
  terms,
  terms_version: tier.termsVersion,
  price_multiplier: tier.priceBasisPoints / BASIS_POINTS,
  position: tier.position,
  retired: tier.retired,
  terms_url: termsPath(tier.key),
});

export const toVerificationResponse = (licence: VerifiedLicence): LicenceVerificationResponse => ({
  licence_id: licence.licenceId,
  product_title: licence.productTitle,
  tier: licence.tierKey,
  tier_name: licence.tierName,
  holder: licence.holder,
  issued_at: licence.issuedAt.toISOString(),
  status: licence.status,
  revoked_at: licence.revokedAt?.toISOString() ?? null,
  terms_url: termsPath(licence.tierKey, licence.termsVersion),
  terms_version: licence.termsVersion,
  history: licence.history.map((e) => ({ event: e.event, tier: e.tierKey, tier_name: e.tierName, at: e.at.toISOString() })),
});
