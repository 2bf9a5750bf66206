'use client';

import { useRouter } from 'next/navigation';
import { ArrowLeftIcon } from '@/components/ui/icons';

/** Goes back when the shopper came from within the shop, else to the listing. */
export function BackButton() {
  const router = useRouter();
  return (
    <button
      type="button"
      className="inline-flex items-center rounded-lg px-3 py-2 text-sm font-semibold text-gray-800 hover:bg-gray-100"
      onClick={() => {
        if (window.history.length > 1 && document.referrer.startsWith(window.location.origin)) router.back();
        else router.push('/products');
      }}
    >
      <ArrowLeftIcon className="mr-1 h-4 w-4" />
      Back
    </button>
  );
}
