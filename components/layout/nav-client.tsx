'use client';

import Link from 'next/link';
import { useState } from 'react';
import { useCart } from '@/components/cart/use-cart';
import { useMembershipCheck } from '@/components/account/use-membership-check';
import { storeUser, useStoredUser } from '@/components/account/use-user';
import { api } from '@/components/data/api';
import { Badge } from '@/components/ui/badge';
import { setFlash } from '@/components/ui/flash';
import { CartIcon, CloseIcon, CrownIcon, MenuIcon } from '@/components/ui/icons';
import { TextButton } from '@/components/ui/text-button';

export function CartButton() {
  const count = useCart().length;
  return (
    <Link href="/cart" className="relative rounded-full p-2 text-gray-800 hover:bg-gray-100" aria-label={`Cart, ${count} item${count === 1 ? '' : 's'}`}>
      <CartIcon className="h-6 w-6" />
      {count > 0 && (
        <Badge tone="sale" className="absolute -top-1 -right-1 h-5 min-w-5 justify-center px-1 tracking-normal" data-testid="cart-count">
          {count}
        </Badge>
      )}
    </Link>
  );
}

async function logout() {
  storeUser(null);
  // The server revokes the session; awaited, as leaving the page could cancel the request.
  await api.post('/api/auth/logout');
  setFlash({ type: 'success', message: 'Logged out successfully' });
  // eslint-disable-next-line @next/next/no-location-assign-relative-destination -- a full load: no page the client router kept from the signed-in session is shown again
  window.location.assign('/');
}

/** My Orders, the name (crown for members) and Logout, or Login when signed out. */
export function AccountLinks({ className = '' }: { className?: string }) {
  const user = useStoredUser();
  useMembershipCheck();
  if (!user) {
    return (
      <Link href="/login" className={className}>
        Login
      </Link>
    );
  }
  return (
    <>
      <Link href="/my-orders" className={className}>
        My Orders
      </Link>
      <span className={`${className} flex items-center gap-1 font-semibold`} data-testid="nav-user">
        {user.is_member && (
          <span role="img" aria-label="Member" title="Member" className="text-warning-700">
            <CrownIcon />
          </span>
        )}
        {user.name}
      </span>
      <TextButton onClick={() => void logout()} className={`${className} text-left`}>
        Logout
      </TextButton>
    </>
  );
}

export function MobileMenu({ categories }: { categories: string[] }) {
  const [open, setOpen] = useState(false);
  const count = useCart().length;
  const link = 'block rounded-lg px-3 py-2 text-gray-800 hover:bg-gray-100';
  return (
    <div className="md:hidden">
      <button
        type="button"
        className="rounded-lg p-2 text-gray-800 hover:bg-gray-100"
        aria-expanded={open}
        aria-controls="mobile-menu"
        aria-label={open ? 'Close menu' : 'Open menu'}
        onClick={() => setOpen((o) => !o)}
      >
        {open ? <CloseIcon className="h-6 w-6" /> : <MenuIcon className="h-6 w-6" />}
      </button>
      {open && (
        <nav id="mobile-menu" className="absolute inset-x-0 top-full border-b border-gray-200 bg-white p-4 shadow-lg" onClick={() => setOpen(false)}>
          <Link href="/" className={link}>
            Home
          </Link>
          <Link href="/products" className={link}>
            All Products
          </Link>
          {categories.map((name) => (
            // A plain <a>: see category-menu.tsx.
            <a key={name} href={`/products?category=${encodeURIComponent(name)}`} className={`${link} pl-6 text-sm`}>
              {name}
            </a>
          ))}
          <Link href="/membership" className={link}>
            Membership
          </Link>
          <AccountLinks className={link} />
          <Link href="/admin/login" className={link}>
            Admin
          </Link>
          <Link href="/cart" className={link}>
            Cart ({count})
          </Link>
        </nav>
      )}
    </div>
  );
}
