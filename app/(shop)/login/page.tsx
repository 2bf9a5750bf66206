import type { Metadata } from 'next';
import { AccountCard } from '@/components/account/panels';
import { siteUrl } from '@/lib/media';
import { LoginView } from './login-view';
import { pageInput } from '@/lib/http/page-input';
import { safeReturnPath } from '@/lib/return-path';

// Indexable, like the cart: people search for a shop's sign-in page.
export const metadata: Metadata = {
  title: 'Login',
  description: 'Sign in or create an account to re-download your designs, see your orders and manage your membership.',
  alternates: { canonical: siteUrl('/login') },
};

type Props = { searchParams: Promise<{ verified?: string | string[]; next?: string | string[] }> };

const first = (raw: string | string[] | undefined) => (Array.isArray(raw) ? raw[0] : raw);

export default async function LoginPage({ searchParams }: Props) {
  const input = await pageInput(searchParams);
  const verified = first(input.verified);
  return (
    <AccountCard>
      <LoginView verified={verified === '1' ? true : verified === '0' ? false : null} next={safeReturnPath(first(input.next))} />
    </AccountCard>
  );
}
