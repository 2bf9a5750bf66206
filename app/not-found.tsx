import Link from 'next/link';
import { buttonClass } from '@/components/ui/button';

export default function NotFound() {
  return (
    <div className="mx-auto max-w-xl px-4 py-24 text-center">
      <h1 className="text-3xl font-bold">Page not found</h1>
      <Link href="/" className={buttonClass({ size: 'lg', className: 'mt-6' })}>
        Go to the shop
      </Link>
    </div>
  );
}
