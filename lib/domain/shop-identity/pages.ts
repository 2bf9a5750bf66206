// The shop's own pages in Markdown: the owner's text when saved, the built-in
// text otherwise, rendered to HTML on the server through the allow-list
// sanitiser (raw HTML off), so nothing written there runs as script in a page.
import 'server-only';
import { recordAudit } from '@/lib/domain/audit';
import { db } from '@/lib/infra/db';
import { markdownToSafeHtml } from '@/lib/infra/markdown';
import { shopPagePath, shopPageTitle, type ShopPageSlug } from '@/lib/shop-pages';
import { DEFAULT_PAGES } from './defaults';

export type ShopPage = { slug: ShopPageSlug; title: string; path: string; markdown: string; customised: boolean; updatedAt: Date | null };

/** A page as the public sees it; plain data so the read can be cached. */
export type RenderedShopPage = { slug: ShopPageSlug; title: string; html: string; updatedAt: string | null };

export async function getShopPage(slug: ShopPageSlug): Promise<ShopPage> {
  const row = await db().shopPage.findUnique({ where: { slug } });
  return {
    slug,
    title: shopPageTitle(slug),
    path: shopPagePath(slug),
    markdown: row?.markdown ?? DEFAULT_PAGES[slug],
    customised: row !== null,
    updatedAt: row?.updatedAt ?? null,
  };
}

export async function renderShopPage(slug: ShopPageSlug): Promise<RenderedShopPage> {
  const page = await getShopPage(slug);
  return { slug, title: page.title, html: markdownToSafeHtml(page.markdown), updatedAt: page.updatedAt?.toISOString() ?? null };
}

export async function saveShopPage(actor: string, slug: ShopPageSlug, markdown: string): Promise<ShopPage> {
  await db().$transaction(async (tx) => {
    await tx.shopPage.upsert({ where: { slug }, create: { slug, markdown }, update: { markdown } });
    await recordAudit(tx, actor, 'settings.page', slug, { length: markdown.length });
  });
  return getShopPage(slug);
}
