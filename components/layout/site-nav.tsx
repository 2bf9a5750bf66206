import Link from 'next/link';
import { SHOP_NAME } from '@/lib/shop';
import { AccountLinks, CartButton, MobileMenu } from './nav-client';
import { ChevronDownIcon } from '@/components/ui/icons';

/** The sticky navigation bar; the Products dropdown opens on hover and keyboard focus. */
export function SiteNav({ categories }: { categories: string[] }) {
  const link = 'rounded-lg px-3 py-2 text-sm font-medium text-gray-800 hover:bg-gray-100';
  return (
    <header className="sticky top-0 z-40 border-b border-gray-200 bg-white/95 backdrop-blur">
      <div className="relative mx-auto flex h-16 max-w-7xl items-center justify-between gap-4 px-4">
        <Link href="/" className="text-lg font-extrabold tracking-tight text-gray-900" aria-label={`${SHOP_NAME} home`}>
          <span className="text-brand-700">Pixel</span> Press Studio
        </Link>
        <nav className="hidden items-center gap-1 md:flex" aria-label="Main">
          <Link href="/" className={link}>
            Home
          </Link>
          <div className="group relative">
            <Link href="/products" className={`${link} inline-flex items-center gap-1`} aria-haspopup="true">
              Products <ChevronDownIcon className="h-3.5 w-3.5" />
            </Link>
            <div className="invisible absolute left-0 top-full z-50 min-w-56 pt-2 opacity-0 transition group-focus-within:visible group-focus-within:opacity-100 group-hover:visible group-hover:opacity-100">
              <ul className="rounded-xl border border-gray-200 bg-white p-2 shadow-lg">
                <li>
                  <Link href="/products" className="block rounded-lg px-3 py-2 text-sm font-semibold hover:bg-gray-100">
                    All Products
                  </Link>
                </li>
                {categories.map((name) => (
                  <li key={name}>
                    {/* A plain <a>: see category-menu.tsx. */}
                    <a href={`/products?category=${encodeURIComponent(name)}`} className="block rounded-lg px-3 py-2 text-sm hover:bg-gray-100">
                      {name}
                    </a>
                  </li>
                ))}
              </ul>
            </div>
          </div>
          <Link href="/membership" className={link}>
            Membership
          </Link>
          <AccountLinks className={link} />
          <Link href="/admin/login" className={link}>
            Admin
          </Link>
        </nav>
        <div className="flex items-center gap-1">
          <CartButton />
          <MobileMenu categories={categories} />
        </div>
      </div>
    </header>
  );
}
