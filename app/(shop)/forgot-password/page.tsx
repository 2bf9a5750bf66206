import type { Metadata } from 'next';
import { AccountCard } from '@/components/account/panels';
import { ForgotPasswordView } from './forgot-password-view';

export const metadata: Metadata = { title: 'Forgot Password', robots: { index: false, follow: true } };

export default function ForgotPasswordPage() {
  return (
    <AccountCard>
      <ForgotPasswordView />
    </AccountCard>
  );
}
