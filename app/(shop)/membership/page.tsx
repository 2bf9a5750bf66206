import type { Metadata } from 'next';
import { MembershipView } from './membership-view';

export const metadata: Metadata = {
  title: 'Membership',
  description: 'All products free with a Monthly or Yearly membership: unlimited $0 checkouts and instant downloads.',
  robots: { index: false, follow: true },
};

export default function MembershipPage() {
  return (
    <div className="mx-auto max-w-5xl px-4 py-10">
      <MembershipView />
    </div>
  );
}
