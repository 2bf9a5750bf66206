import Link from 'next/link';

export default function ProductNotFound() {
  return (
    <div className="mx-auto max-w-xl px-4 py-24 text-center">
      <h1 className="text-3xl font-bold">Product not found</h1>
      <p className="mt-3 text-gray-700">It may have been removed, or the link is mistyped.</p>
      <Link href="/products" className="mt-6 inline-block rounded-lg bg-rose-700 px-6 py-3 font-semibold text-white hover:bg-rose-800">
        Browse products
      </Link>
    </div>
  );
}
