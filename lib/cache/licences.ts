import 'server-only';
import { unstable_cache } from 'next/cache';
import * as licences from '@/lib/domain/licences';
import { CATALOG_TAG } from './catalog-tag';
import { CATALOG_REVALIDATE_SECONDS } from './catalog';

// Licence tiers are read on every catalogue page and product response, so they
// are cached with the catalogue: under its tag, which every tier change
// refreshes (revalidateCatalog), like every other admin write.
export const getLicenceTiers = unstable_cache(licences.listTiers, ['licence-tiers'], { tags: [CATALOG_TAG], revalidate: CATALOG_REVALIDATE_SECONDS });
