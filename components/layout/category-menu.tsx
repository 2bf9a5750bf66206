import Link from 'next/link';
import { ChevronDownIcon } from '@/components/ui/icons';

type Category = { name: string; subcategories: string[] };

// Plain <a> for /products?… links: middleware rewrites them, and the client router would
// serve a soft navigation from its cached static /products (a page that reads no query).
const categoryHref = (name: string, sub?: string) => `/products?category=${encodeURIComponent(name)}${sub ? `&subcategory=${encodeURIComponent(sub)}` : ''}`;

/** 'All Products' and each category; subcategories open in a hover (or focus) dropdown. */
export function CategoryMenu({ categories }: { categories: Category[] }) {
  const item = 'block whitespace-nowrap rounded-lg px-3 py-2 text-sm font-medium text-gray-800 hover:bg-gray-100';
  return (
    <nav aria-label="Categories" className="border-b border-gray-200 bg-white">
      <ul className="mx-auto flex max-w-7xl flex-wrap items-center gap-1 px-4 py-1">
        <li>
          <Link href="/products" className={item}>
            All Products
          </Link>
        </li>
        {categories.map((c) => (
          <li key={c.name} className="group relative">
            <a href={categoryHref(c.name)} className={item}>
              {c.name}
              {c.subcategories.length > 0 && <ChevronDownIcon className="ml-1 h-3 w-3" />}
            </a>
            {c.subcategories.length > 0 && (
              <div className="invisible absolute left-0 top-full z-30 min-w-48 pt-1 opacity-0 transition group-focus-within:visible group-focus-within:opacity-100 group-hover:visible group-hover:opacity-100">
                <ul className="rounded-xl border border-gray-200 bg-white p-2 shadow-lg">
                  {c.subcategories.map((sub) => (
                    <li key={sub}>
                      <a href={categoryHref(c.name, sub)} className={item}>
                        {sub}
                      </a>
                    </li>
                  ))}
                </ul>
              </div>
            )}
          </li>
        ))}
      </ul>
    </nav>
  );
}
