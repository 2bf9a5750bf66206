import Link from 'next/link';
import { buttonClass } from '@/components/ui/button';

export default function ProductNotFound() {
  return (
    <div className="mx-auto max-w-xl px-4 py-24 text-center">
      <h1 className="text-3xl font-bold">Product not found</h1>
      <p className="mt-3 text-gray-700">It may have been removed, or the link is mistyped.</p>
      <Link href="/products" className={buttonClass({ size: 'lg', className: 'mt-6' })}>
        Browse products
      </Link>
    </div>
  );
}
