import type { Metadata } from 'next';
import { DashboardView } from './dashboard-view';

export const metadata: Metadata = { title: 'Members', robots: { index: false, follow: false } };

export default function MembersDashboardPage() {
  return (
    <div className="mx-auto max-w-3xl px-4 py-12">
      <DashboardView />
    </div>
  );
}
