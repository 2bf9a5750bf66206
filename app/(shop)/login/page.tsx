import type { Metadata } from 'next';
import { AccountCard } from '@/components/account/panels';
import { siteUrl } from '@/lib/media';
import { LoginView } from './login-view';
import { pageInput } from '@/lib/http/page-input';

// Indexable, like the cart: people search for a shop's sign-in page.
export const metadata: Metadata = {
  title: 'Login',
  description: 'Sign in or create an account to re-download your designs, see your orders and manage your membership.',
  alternates: { canonical: siteUrl('/login') },
};

type Props = { searchParams: Promise<{ verified?: string | string[] }> };

export default async function LoginPage({ searchParams }: Props) {
  const raw = (await pageInput(searchParams)).verified;
  const verified = Array.isArray(raw) ? raw[0] : raw;
  return (
    <AccountCard>
      <LoginView verified={verified === '1' ? true : verified === '0' ? false : null} />
    </AccountCard>
  );
}
