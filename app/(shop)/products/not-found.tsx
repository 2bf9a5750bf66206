import { ProductGrid } from '@/components/catalog/product-card';

// An unknown category or subcategory, or a page past the end: answered 404 so
// made-up names never fill the page cache, and shown as the listing's own empty
// state (SPEC: 'No products found') with the way back to every product.
export default function ListingNotFound() {
  return (
    <div className="mx-auto max-w-7xl px-4 py-10">
      <h1 className="text-3xl font-extrabold tracking-tight">Digital Products</h1>
      <div className="mt-8">
        <ProductGrid products={[]} />
      </div>
      <p className="mt-4 text-center">
        {/* eslint-disable-next-line @next/next/no-html-link-for-pages -- a plain <a> for /products links: see components/layout/category-menu.tsx */}
        <a href="/products" className="link underline">
          All Products
        </a>
      </p>
    </div>
  );
}
