// What anyone may learn of a licence by its id (a print platform, a client):
// the product, the tier now, a masked holder, when it was issued and upgraded,
// and whether it stands (Decision 082). Never the holder's name or email.
import 'server-only';
import { notFound } from '@/lib/domain/errors';
import { maskHolder } from './mask';
import { getLicence } from './records';
import { listTiers } from './tiers';

export type VerifiedLicence = {
  licenceId: string;
  productTitle: string;
  tierKey: string;
  tierName: string;
  termsVersion: number;
  holder: string;
  issuedAt: Date;
  status: 'valid' | 'revoked';
  revokedAt: Date | null;
  history: { event: 'issued' | 'upgraded'; tierKey: string; tierName: string; at: Date }[];
};

export async function verifyLicence(licenceId: string): Promise<VerifiedLicence> {
  const [licence, tiers] = await Promise.all([getLicence(licenceId), listTiers()]);
  if (!licence) throw notFound('Licence not found');
  const tier = (id: string) => tiers.find((t) => t.id === id);
  return {
    licenceId: licence.id,
    productTitle: licence.productTitle,
    tierKey: tier(licence.tierId)?.key ?? '',
    tierName: tier(licence.tierId)?.name ?? '',
    termsVersion: licence.termsVersion,
    holder: maskHolder(licence.holderName),
    issuedAt: licence.issuedAt,
    status: licence.status,
    revokedAt: licence.revokedAt,
    history: licence.history.map((e) => ({ event: e.kind, tierKey: tier(e.tierId)?.key ?? '', tierName: tier(e.tierId)?.name ?? '', at: e.at })),
  };
}
