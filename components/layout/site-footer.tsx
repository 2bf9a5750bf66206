import Link from 'next/link';
import { FOOTER_YEAR, SHOP_NAME } from '@/lib/shop';

// "Copyright" in words rather than the sign: every catalogue page carries this
// line, and one character outside ASCII makes Node re-encode the whole cached
// page on each response (docs/decisions/034).
export function SiteFooter() {
  return (
    <footer className="border-t border-gray-200 bg-white">
      <div className="mx-auto flex max-w-7xl flex-col items-center justify-between gap-3 px-4 py-8 text-sm text-gray-700 sm:flex-row">
        <p>
          Copyright {FOOTER_YEAR} {SHOP_NAME}. All rights reserved.
        </p>
        <nav aria-label="Footer" className="flex gap-4">
          <Link href="/products" className="hover:text-brand-700">
            Products
          </Link>
          <Link href="/membership" className="hover:text-brand-700">
            Membership
          </Link>
          <Link href="/my-orders" className="hover:text-brand-700">
            My Orders
          </Link>
        </nav>
      </div>
    </footer>
  );
}
