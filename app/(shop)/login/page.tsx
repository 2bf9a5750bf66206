import type { Metadata } from 'next';
import { AccountCard } from '@/components/account/panels';
import { LoginView } from './login-view';

export const metadata: Metadata = { title: 'Login', robots: { index: false, follow: true } };

type Props = { searchParams: Promise<{ verified?: string | string[] }> };

export default async function LoginPage({ searchParams }: Props) {
  const raw = (await searchParams).verified;
  const verified = Array.isArray(raw) ? raw[0] : raw;
  return (
    <AccountCard>
      <LoginView verified={verified === '1' ? true : verified === '0' ? false : null} />
    </AccountCard>
  );
}
