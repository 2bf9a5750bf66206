// A tier's terms as a page shows them: the owner's Markdown rendered to HTML
// on the server through an allow-list sanitiser (Decision 081, SECURITY N3),
// as a plain record so the read can be cached.
import 'server-only';
import { markdownToSafeHtml } from '@/lib/infra/markdown';
import { getTerms } from './tiers';

export type TermsPage = {
  key: string;
  name: string;
  summary: string;
  retired: boolean;
  version: number;
  latestVersion: number;
  html: string;
  publishedAt: string;
};

/** The newest terms of a tier, or the version asked for; null for an unknown tier or version. */
export async function getTermsPage(key: string, version?: number): Promise<TermsPage | null> {
  const terms = await getTerms(key, version);
  if (!terms || (version !== undefined && terms.version !== version)) return null;
  return {
    key: terms.tier.key,
    name: terms.tier.name,
    summary: terms.tier.summary,
    retired: terms.tier.retired,
    version: terms.version,
    latestVersion: terms.tier.termsVersion,
    html: markdownToSafeHtml(terms.markdown),
    publishedAt: terms.createdAt.toISOString(),
  };
}
