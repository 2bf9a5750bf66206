import type { Metadata } from 'next';
import Link from 'next/link';
import { notFound } from 'next/navigation';
import { Notice } from '@/components/ui/card';
import { getTermsPage } from '@/lib/cache/licences';
import { formatDate } from '@/lib/format';
import { pageInput } from '@/lib/http/page-input';
import { siteUrl } from '@/lib/media';
import { termsPath } from '@/lib/shop';

// A licence tier's terms (Decision 081): server-rendered and indexable; an
// earlier version (?version=N, as certificates link it) points search engines
// at the current one.
type Props = { params: Promise<{ key: string }>; searchParams: Promise<{ version?: string }> };

const validKey = (key: string) => /^[a-z0-9-]{1,40}$/.test(key);

async function load(props: Props) {
  const { key } = await pageInput(props.params);
  const { version } = await pageInput(props.searchParams);
  const number = version === undefined ? undefined : /^[1-9][0-9]{0,5}$/.test(version) ? Number(version) : NaN;
  if (!validKey(key) || Number.isNaN(number)) return null;
  return getTermsPage(key, number);
}

export async function generateMetadata(props: Props): Promise<Metadata> {
  const terms = await load(props);
  if (!terms) return { title: 'Licence not found', robots: { index: false } };
  return {
    title: `${terms.name} licence terms`,
    description: terms.summary || `The terms of the ${terms.name} licence.`,
    alternates: { canonical: siteUrl(termsPath(terms.key)) },
  };
}

export default async function LicenceTermsPage(props: Props) {
  const terms = await load(props);
  if (!terms) notFound();
  const earlier = terms.version < terms.latestVersion;
  return (
    <article className="mx-auto max-w-3xl px-4 py-10">
      <p className="text-sm font-semibold uppercase tracking-wide text-brand-700">Licence terms</p>
      <h1 className="mt-1 text-3xl font-extrabold tracking-tight">{terms.name} licence</h1>
      {terms.summary && <p className="mt-3 text-lg text-gray-800">{terms.summary}</p>}
      <p className="mt-2 text-sm text-gray-700" data-testid="terms-version">
        Version {terms.version}, published {formatDate(terms.publishedAt)}
        {terms.retired && ' · no longer sold; licences issued under it remain valid'}
      </p>
      {earlier && (
        <Notice tone="warning" className="mt-3">
          This is an earlier version, kept for the licences sold under it.{' '}
          <Link href={termsPath(terms.key)} className="underline">
            Read the current terms
          </Link>
          .
        </Notice>
      )}
      {/* Rendered from the owner's Markdown and passed through an allow-list sanitiser on the server (SECURITY N3). */}
      <div className="licence-terms mt-8" dangerouslySetInnerHTML={{ __html: terms.html }} />
      <p className="mt-10 text-sm text-gray-700">Every licence has a public page at /licence/&#123;licence id&#125; showing whether it is valid.</p>
    </article>
  );
}
