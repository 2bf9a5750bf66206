import type { Metadata, Viewport } from 'next';
import { CartClickListener } from '@/components/cart/cart-click-listener';
import { OwnedCardMarker } from '@/components/cart/owned-card-marker';
import { SiteFooter } from '@/components/layout/site-footer';
import { SiteNav } from '@/components/layout/site-nav';
import { Toaster } from '@/components/ui/toaster';
import { WishlistHearts } from '@/components/wishlist/wishlist-hearts';
import { getCategories } from '@/lib/cache/catalog';
import { getLicenceTiers } from '@/lib/cache/licences';
import { getIdentity } from '@/lib/cache/shop';
import { publicMediaUrl, siteUrl } from '@/lib/media';
import './globals.css';

export async function generateMetadata(): Promise<Metadata> {
  const { name } = await getIdentity();
  return {
    metadataBase: new URL(siteUrl('/')),
    title: { default: `${name} | Print-ready designs, clip art and bundles`, template: `%s | ${name}` },
    description: 'Downloadable digital designs: print-ready sublimation designs, clip art, wall art and bundles, priced in AUD with instant download.',
    openGraph: { siteName: name, type: 'website', locale: 'en_AU' },
  };
}

export const viewport: Viewport = { themeColor: '#be123c', width: 'device-width', initialScale: 1 };

export default async function RootLayout({ children }: { children: React.ReactNode }) {
  // docs/product.md §7: failed loads are only logged; the page renders with defaults.
  const [categories, identity, tiers] = await Promise.all([
    getCategories().catch((error) => {
      console.error('[layout] categories failed to load', error);
      return [];
    }),
    getIdentity(),
    getLicenceTiers().catch((error) => {
      console.error('[layout] licence tiers failed to load', error);
      return [];
    }),
  ]);
  return (
    <html lang="en-AU">
      <body className="flex min-h-screen flex-col bg-gray-50 font-sans text-gray-900 antialiased">
        <a href="#main" className="sr-only focus:not-sr-only focus:absolute focus:left-2 focus:top-2 focus:z-50 focus:rounded focus:bg-white focus:p-2">
          Skip to content
        </a>
        <SiteNav categories={categories.map((c) => c.name)} shopName={identity.name} logoUrl={publicMediaUrl(identity.logoPath)} />
        <main id="main" className="flex-1">
          {children}
        </main>
        <SiteFooter
          shopName={identity.name}
          footerLine={identity.footerLine}
          licenceTerms={tiers.filter((t) => !t.retired).map((t) => ({ key: t.key, name: t.name }))}
        />
        <Toaster />
        <CartClickListener />
        <OwnedCardMarker />
        <WishlistHearts />
      </body>
    </html>
  );
}
