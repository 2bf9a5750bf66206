'use client';

// A shop page whose data could not be read (most often: the database is
// restarting). Catalogue pages usually keep serving from the cache through a
// short outage; this covers the rest. Next answers these with status 500:
// the App Router gives a failed render no way to say 503.
import Link from 'next/link';
import { useRouter } from 'next/navigation';
import { startTransition } from 'react';
import { Button, buttonClass } from '@/components/ui/button';

export default function ShopError({ reset }: { error: Error & { digest?: string }; reset: () => void }) {
  const router = useRouter();
  return (
    <div className="mx-auto max-w-xl px-4 py-24 text-center" role="alert">
      <h1 className="text-3xl font-bold">The shop is briefly unavailable</h1>
      <p className="mt-3 text-gray-700">This page could not be loaded just now. It usually clears within seconds: please try again.</p>
      <div className="mt-6 flex justify-center gap-4">
        <Button
          size="lg"
          onClick={() =>
            startTransition(() => {
              router.refresh();
              reset();
            })
          }
        >
          Try again
        </Button>
        <Link href="/" className={buttonClass({ variant: 'secondary', size: 'lg' })}>
          Go to the shop
        </Link>
      </div>
    </div>
  );
}
