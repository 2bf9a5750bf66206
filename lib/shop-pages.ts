// The shop's own pages (Settings → Pages, Decision 093): their slugs, titles and
// public paths. Browser-safe: the footer, the sitemap and the admin form list them.
export const SHOP_PAGES = [
  { slug: 'about', title: 'About' },
  { slug: 'refund-policy', title: 'Refund policy' },
  { slug: 'privacy', title: 'Privacy' },
  { slug: 'contact', title: 'Contact' },
] as const;

export type ShopPageSlug = (typeof SHOP_PAGES)[number]['slug'];

export const SHOP_PAGE_SLUGS = SHOP_PAGES.map((p) => p.slug) as [ShopPageSlug, ...ShopPageSlug[]];

export const shopPagePath = (slug: ShopPageSlug) => `/pages/${slug}`;

export const isShopPageSlug = (slug: string): slug is ShopPageSlug => (SHOP_PAGE_SLUGS as string[]).includes(slug);

export const shopPageTitle = (slug: ShopPageSlug) => SHOP_PAGES.find((p) => p.slug === slug)!.title;
