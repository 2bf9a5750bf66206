import type { Metadata } from 'next';
import { EmailPreferencesView } from './email-preferences-view';

export const metadata: Metadata = { title: 'Email preferences', robots: { index: false, follow: false } };

export default function EmailPreferencesPage() {
  return (
    <div className="mx-auto max-w-2xl px-4 py-10">
      <EmailPreferencesView />
    </div>
  );
}
