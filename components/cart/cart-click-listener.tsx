'use client';

import { useRouter } from 'next/navigation';
import { useEffect } from 'react';
import { toast } from '@/components/ui/toast';
import { addedMessage, DUPLICATE_MESSAGE, parseCart } from '@/lib/cart';
import { addItem } from './add-item';

/** One document-level click handler for every CardCartButtons, present and future (client navigation). */
export function CartClickListener() {
  const router = useRouter();
  useEffect(() => {
    const onClick = (event: MouseEvent) => {
      const button = event.target instanceof Element ? event.target.closest('[data-cart-action]') : null;
      const holder = button?.closest('[data-cart-item]');
      if (!button || !holder) return;
      // parseCart validates the attribute like stored data: a malformed item is ignored.
      const [item] = parseCart(`[${holder.getAttribute('data-cart-item') ?? ''}]`);
      if (!item) return;
      const added = addItem(item, DUPLICATE_MESSAGE);
      if (button.getAttribute('data-cart-action') === 'buy') router.push('/cart');
      else if (added) toast.success(addedMessage(item.title));
    };
    document.addEventListener('click', onClick);
    return () => document.removeEventListener('click', onClick);
  }, [router]);
  return null;
}
