'use client';

import { useRouter } from 'next/navigation';
import { Button } from '@/components/ui/button';
import { ArrowLeftIcon } from '@/components/ui/icons';

/** Goes back when the shopper came from within the shop, else to the listing. */
export function BackButton() {
  const router = useRouter();
  return (
    <Button
      variant="ghost"
      onClick={() => {
        if (window.history.length > 1 && document.referrer.startsWith(window.location.origin)) router.back();
        else router.push('/products');
      }}
    >
      <ArrowLeftIcon />
      Back
    </Button>
  );
}
