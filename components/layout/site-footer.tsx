import Link from 'next/link';
import { FOOTER_YEAR, termsPath } from '@/lib/shop';
import { SHOP_PAGES, shopPagePath } from '@/lib/shop-pages';

export type FooterProps = { shopName: string; footerLine: string; licenceTerms: { key: string; name: string }[] };

const link = 'hover:text-brand-700 focus-visible:text-brand-700';

// "Copyright" in words rather than the sign: every catalogue page carries this
// line, and one character outside ASCII makes Node re-encode the whole cached
// page on each response (docs/decisions/034). The name and the line after it
// are the owner's (Settings → Shop, Decision 093).
export function SiteFooter({ shopName, footerLine, licenceTerms }: FooterProps) {
  return (
    <footer className="border-t border-gray-200 bg-white">
      <div className="mx-auto flex max-w-7xl flex-col gap-6 px-4 py-8 text-sm text-gray-700">
        <div className="flex flex-col items-center justify-between gap-3 sm:flex-row">
          {/* One string, so the line is one text node: readable whole in the page's HTML. */}
          <p>{`Copyright ${FOOTER_YEAR} ${shopName}.${footerLine ? ` ${footerLine}` : ''}`}</p>
          <nav aria-label="Footer" className="flex gap-4">
            <Link href="/products" className={link}>
              Products
            </Link>
            <Link href="/membership" className={link}>
              Membership
            </Link>
            <Link href="/my-orders" className={link}>
              My Orders
            </Link>
          </nav>
        </div>
        <nav aria-label="About the shop" className="flex flex-wrap justify-center gap-x-4 gap-y-2 sm:justify-start">
          {SHOP_PAGES.map((page) => (
            <Link key={page.slug} href={shopPagePath(page.slug)} className={link}>
              {page.title}
            </Link>
          ))}
          {licenceTerms.map((tier) => (
            <Link key={tier.key} href={termsPath(tier.key)} className={link}>
              {tier.name} licence terms
            </Link>
          ))}
        </nav>
      </div>
    </footer>
  );
}
