import type { Metadata } from 'next';
import { notFound } from 'next/navigation';
import { getIdentity, getRenderedPage } from '@/lib/cache/shop';
import { pageInput } from '@/lib/http/page-input';
import { formatDate } from '@/lib/format';
import { siteUrl } from '@/lib/media';
import { isShopPageSlug, SHOP_PAGE_SLUGS, shopPagePath } from '@/lib/shop-pages';

// The shop's own pages (Settings → Pages, Decision 093): server-rendered from
// the owner's Markdown, cached with the shop's identity and refreshed with it.
// Only the four slugs exist and are rendered ahead; any other is a 404, which
// the cache handler never stores (Decision 38).
export const revalidate = 60;

export function generateStaticParams() {
  return SHOP_PAGE_SLUGS.map((slug) => ({ slug }));
}

type Props = { params: Promise<{ slug: string }> };

async function load(props: Props) {
  const { slug } = await pageInput(props.params);
  return isShopPageSlug(slug) ? getRenderedPage(slug) : null;
}

export async function generateMetadata(props: Props): Promise<Metadata> {
  const page = await load(props);
  if (!page) return { title: 'Page not found', robots: { index: false } };
  return { title: page.title, alternates: { canonical: siteUrl(shopPagePath(page.slug)) } };
}

export default async function ShopPageView(props: Props) {
  const page = await load(props);
  if (!page) notFound();
  const identity = page.slug === 'contact' ? await getIdentity() : null;
  return (
    <article className="mx-auto max-w-3xl px-4 py-10">
      <h1 className="text-3xl font-extrabold tracking-tight">{page.title}</h1>
      {/* The owner's Markdown, rendered with raw HTML off and passed through an allow-list sanitiser on the server (docs/security.md N3). */}
      <div className="shop-page-text mt-6" data-testid="shop-page-text" dangerouslySetInnerHTML={{ __html: page.html }} />
      {identity?.contactEmail && (
        <p className="mt-6 text-lg">
          Email:{' '}
          <a href={`mailto:${identity.contactEmail}`} className="font-semibold text-accent-800 underline">
            {identity.contactEmail}
          </a>
        </p>
      )}
      {page.updatedAt && <p className="mt-10 text-sm text-gray-700">Last updated {formatDate(page.updatedAt)}</p>}
    </article>
  );
}
