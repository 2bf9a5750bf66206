import type { Metadata } from 'next';
import { SuccessView } from './success-view';
import { pageInput } from '@/lib/http/page-input';

export const metadata: Metadata = { title: 'Payment', robots: { index: false, follow: false } };

type Props = { searchParams: Promise<{ session_id?: string | string[] }> };

export default async function SuccessPage({ searchParams }: Props) {
  const raw = (await pageInput(searchParams)).session_id;
  const sessionId = (Array.isArray(raw) ? raw[0] : raw) ?? '';
  return (
    <div className="mx-auto max-w-3xl px-4 py-12">
      <SuccessView sessionId={sessionId} />
    </div>
  );
}
