import 'server-only';
import { unstable_cache } from 'next/cache';
import * as licences from '@/lib/domain/licences';
import { CATALOG_TAG } from './catalog-tag';
import { CATALOG_REVALIDATE_SECONDS } from './catalog';
import { cachedWhen } from './stored-when';

// Licence tiers are read on every catalogue page and product response, so they
// are cached with the catalogue: under its tag, which every tier change
// refreshes (revalidateCatalog), like every other admin write.
const options = { tags: [CATALOG_TAG], revalidate: CATALOG_REVALIDATE_SECONDS };

export const getLicenceTiers = unstable_cache(licences.listTiers, ['licence-tiers'], options);

// Only terms that exist are stored: an unknown key or version is read each time (nothing a stranger chooses is cached).
export const getTermsPage = cachedWhen(licences.getTermsPage, (page) => page !== null, ['licence-terms'], options);
