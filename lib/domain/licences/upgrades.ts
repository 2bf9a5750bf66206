// What a licence holder is shown: the tier the licence has now, and the higher
// tiers it can still be raised to with what each would cost today (the tier's
// price now minus what was paid for the licence, never below 0).
import { chargeLine, licenceOptions, type LicensableItem } from './prices';
import type { LicenceState } from './records';
import type { LicenceTier } from './tiers';

export type LicenceSummary = {
  id: string;
  tierKey: string;
  tierName: string;
  status: LicenceState['status'];
  upgrades: { key: string; name: string; priceCents: number }[];
};

export function summariseLicence(state: LicenceState, item: LicensableItem | null, tiers: LicenceTier[], now: Date = new Date()): LicenceSummary {
  const tier = tiers.find((t) => t.id === state.tierId);
  const higher = state.status === 'valid' && item && tier ? licenceOptions(item, tiers, now).filter((o) => o.position > tier.position) : [];
  return {
    id: state.id,
    tierKey: tier?.key ?? '',
    tierName: tier?.name ?? '',
    status: state.status,
    upgrades: higher.map((o) => ({
      key: o.key,
      name: o.name,
      priceCents: chargeLine({ effectiveCents: o.effectiveCents, paidCents: state.paidCents }).priceCents,
    })),
  };
}

/** A line's name on the payment page: the item and the tier it buys, or the tier an upgrade raises it to. */
export function licenceLineName(title: string, tierName: string | null | undefined, isUpgrade: boolean): string {
  if (!tierName) return title;
  return isUpgrade ? `${title} (upgrade to ${tierName} licence)` : `${title} (${tierName} licence)`;
}
