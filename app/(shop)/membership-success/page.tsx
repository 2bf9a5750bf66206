import type { Metadata } from 'next';
import { MembershipSuccessView } from './membership-success-view';
import { pageInput } from '@/lib/http/page-input';

export const metadata: Metadata = { title: 'Membership', robots: { index: false, follow: false } };

type Props = { searchParams: Promise<{ session_id?: string | string[] }> };

export default async function MembershipSuccessPage({ searchParams }: Props) {
  const raw = (await pageInput(searchParams)).session_id;
  const sessionId = (Array.isArray(raw) ? raw[0] : raw) ?? '';
  return (
    <div className="mx-auto max-w-2xl px-4 py-12">
      <MembershipSuccessView sessionId={sessionId} />
    </div>
  );
}
